import crypto from 'node:crypto';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`: the receiver checks both and the age. */
export function signWebhookBody(secret: string, body: string, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  const signature = crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
