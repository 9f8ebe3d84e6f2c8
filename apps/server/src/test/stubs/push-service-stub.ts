// Test helper: a local push service (node:http on port 0) standing in for FCM / Mozilla / Apple, and
// browsers to subscribe with. What the server sends is checked as a browser and a push service would: the
// VAPID JWT (RFC 8292) verified with the server's public key, the payload decrypted (RFC 8291, aes128gcm)
// with the browser's private key and auth secret.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify, type JWTPayload } from 'jose';

export type PushedMessage = { path: string; headers: http.IncomingHttpHeaders; body: Buffer };

export type PushService = {
  url: string;
  received: PushedMessage[];
  /** The status to answer for an endpoint path (201 by default, as push services accept). */
  answers: Map<string, number>;
  /** Paths answered with a 307 to another address (which a sender must not follow). */
  redirects: Map<string, string>;
  close: () => Promise<void>;
};

export async function startPushService(): Promise<PushService> {
  const received: PushedMessage[] = [];
  const answers = new Map<string, number>();
  const redirects = new Map<string, string>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      const location = redirects.get(path);
      if (location) response.writeHead(307, { location }).end();
      else response.writeHead(answers.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answers,
    redirects,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();

/** A browser's push keys: what it sends the server, and how it reads what arrives. */
export function newBrowser(service: PushService, name: string) {
  const ecdh = crypto.createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = crypto.randomBytes(16);
  const path = `/push/${name}`;
  return {
    path,
    subscription: {
      endpoint: `${service.url}${path}`,
      keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
    },
    /** RFC 8291: one aes128gcm record, keyed from ECDH with the sender's key and the auth secret. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const keyIdLength = body.readUInt8(20);
      const senderKey = body.subarray(21, 21 + keyIdLength);
      const record = body.subarray(21 + keyIdLength);
      const shared = ecdh.computeSecret(senderKey);
      const info = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, senderKey]);
      const ikm = hmac(hmac(authSecret, shared), Buffer.concat([info, Buffer.from([1])]));
      const prk = hmac(salt, ikm);
      const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
      const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
      const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([
        decipher.update(record.subarray(0, record.length - 16)),
        decipher.final(),
      ]);
      // the last record ends with the delimiter 0x02, then zero padding
      return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
    },
  };
}

/** Verifies the `Authorization: vapid t=<JWT>, k=<key>` header with the server's VAPID public key. */
export async function verifyVapid(
  headers: http.IncomingHttpHeaders,
  vapidPublicKey: string,
): Promise<JWTPayload> {
  const match = /^vapid t=([^,\s]+),\s*k=([\w-]+)$/.exec(String(headers.authorization));
  if (!match) throw new Error(`no VAPID authorization: ${headers.authorization}`);
  if (match[2] !== vapidPublicKey) throw new Error('signed with another key');
  const point = Buffer.from(vapidPublicKey, 'base64url');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    'ES256',
  );
  return (await jwtVerify(match[1]!, key)).payload;
}
