import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The Notification-Signature of DCSA Track & Trace 2.2 callbacks: `sha256=<hex>`, the HMAC-SHA256
 * of the request body's bytes exactly as sent, under the secret the subscriber gave when it
 * subscribed (base64 in the subscription body, the raw bytes are the key). Checked in constant time.
 */

/** A new subscription secret: 64 random bytes, base64 as the standard's `secret` (format: byte). */
export function newSecret(): string {
  return randomBytes(64).toString('base64');
}

export function signBody(body: string | Uint8Array, secretBase64: string): string {
  return `sha256=${createHmac('sha256', Buffer.from(secretBase64, 'base64')).update(body).digest('hex')}`;
}

/**
 * Whether a Notification-Signature header is the body's under the secret. Only `sha256` is
 * supported (the one type the standard defines); anything else, a missing header, a malformed one
 * or a wrong signature is false. The comparison takes the same time wherever the bytes differ.
 */
export function verifySignature(header: string | null | undefined, body: Uint8Array, secretBase64: string): boolean {
  if (!header) return false;
  const m = /^\s*sha256=([0-9a-fA-F]{64})\s*$/.exec(header);
  if (!m) return false;
  const given = Buffer.from(m[1], 'hex');
  const expected = createHmac('sha256', Buffer.from(secretBase64, 'base64')).update(body).digest();
  return timingSafeEqual(given, expected);
}
