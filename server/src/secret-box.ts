import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets TrueNet must read back (a bank connection's access URL), kept at rest with AES-256-GCM
 * under SECRETS_KEY: a random 12-byte nonce per secret, the 16-byte tag checked on every read, and
 * what the secret belongs to (its row's id) bound in as associated data, so a sealed value copied
 * onto another row does not open. Stored as one text: 'v1.' + base64url(nonce | tag | ciphertext).
 * Bearer secrets that TrueNet only compares are hashed instead (secret-hash.ts).
 */
const VERSION = 'v1.';

export function sealSecret(key: Buffer, plaintext: string, boundTo: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(boundTo, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return VERSION + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url');
}

/** The secret, or an Error when it was sealed under another key or for another row, or altered. */
export function openSecret(key: Buffer, sealed: string, boundTo: string): string {
  if (!sealed.startsWith(VERSION)) throw new Error('Unknown sealed secret format');
  const bytes = Buffer.from(sealed.slice(VERSION.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(boundTo, 'utf8'));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}
