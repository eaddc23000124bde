import { createHash } from 'node:crypto';

/**
 * SHA-256 of a text, hex: what the database keeps instead of a secret link's or token's value, so a
 * leaked table names no working link.
 */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
