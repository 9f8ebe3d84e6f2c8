import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the SMTP peer received it, decoded enough for assertions. */
export type ReceivedMail = {
  envelopeFrom: string;
  envelopeTo: string[];
  headers: Map<string, string>;
  subject: string;
  messageId: string;
  text: string;
  html: string;
  raw: string;
  /** Unix ms the message's data ended (the benchmarks' delivery delays). */
  receivedAt: number;
};

/** RFC 2047 encoded-words (=?UTF-8?B?...?= / =?UTF-8?Q?...?=) in a header value. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
      (_match, _charset: string, encoding: string, text: string) =>
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('utf8')
          : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const input = text.replace(/=\r?\n/g, '');
  for (let index = 0; index < input.length; index += 1) {
    const char = input[index]!;
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(input.slice(index + 1, index + 3))) {
      bytes.push(parseInt(input.slice(index + 1, index + 3), 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

function splitPart(raw: string): { headers: Map<string, string>; body: string } {
  const separator = /\r?\n\r?\n/.exec(raw);
  if (!separator) return { headers: parseHeaders(raw), body: '' };
  return {
    headers: parseHeaders(raw.slice(0, separator.index)),
    body: raw.slice(separator.index + separator[0].length),
  };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  let decoded = body;
  if (encoding === 'base64') decoded = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  else if (encoding === 'quoted-printable') decoded = decodeQuotedPrintable(body);
  return decoded.replace(/\r\n/g, '\n');
}

/** Collects the text/plain and text/html leaves of a (possibly nested) multipart message. */
function collectParts(headers: Map<string, string>, body: string, into: { text: string; html: string }) {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = splitPart(chunk.replace(/^\r?\n/, ''));
      collectParts(part.headers, part.body, into);
    }
    return;
  }
  if (type.toLowerCase().startsWith('text/html')) into.html += decodeBody(headers, body);
  else if (type.toLowerCase().startsWith('text/plain')) into.text += decodeBody(headers, body);
}

/**
 * A real SMTP server on a free loopback port (no TLS, no auth) that keeps what it receives. `refuse`
 * makes it answer 451 to every message (a temporary failure), for outage tests.
 */
export async function startSmtpPeer() {
  const messages: ReceivedMail[] = [];
  let isRefusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    // a relay on loopback: no reverse DNS lookup of each client (it costs about 100 ms a connection here)
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const receivedAt = Date.now();
        if (isRefusing) {
          const error = new Error('try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const { headers, body } = splitPart(raw);
        const parts = { text: '', html: '' };
        collectParts(headers, body, parts);
        messages.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
          headers,
          subject: headers.get('subject') ?? '',
          messageId: headers.get('message-id') ?? '',
          text: parts.text,
          html: parts.html,
          raw,
          receivedAt,
        });
        callback();
      });
    },
  });
  // A sender killed mid-conversation (the crash tests and the cluster bench kill servers) resets its
  // connection: that is the sender's failure, not the peer's, so the peer keeps serving.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    messages,
    refuse: (value: boolean) => {
      isRefusing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;
