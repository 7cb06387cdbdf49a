import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';
import type { VerifyResult as TotpVerifyResult } from '@otplib/totp';

/**
 * TOTP as docs/product-rules.md §10 fixes it (RFC 6238: SHA-1, 6 digits, 30-second steps), through otplib. A code
 * is accepted one step early or late (a phone's clock drifts) and only once: the caller keeps the
 * last step it accepted and passes it back, and codes of that step or older are refused.
 */
export const TOTP_STEP_SECONDS = 30;
const ISSUER = 'TrueNet';

/** A new random secret (160 bits), Base32 as authenticator apps expect it. */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function otpauthUrl(secret: string, accountLabel: string): string {
  return generateURI({ issuer: ISSUER, label: accountLabel, secret });
}

/** The QR code of that address as an SVG picture, drawn here: the secret never leaves the server. */
export async function qrCodeSvg(url: string): Promise<string> {
  // Loaded on first use: only enrollment draws QR codes, and start-up stays quick.
  const QRCode = await import('qrcode');
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/**
 * The step at which `code` matches `secret` at `now` (one step of drift either way), or null when it
 * does not match or its step is not after `lastUsedStep`.
 */
/** otplib's verify, with the TOTP strategy's result type (its step, for replay protection). */
const verifyTotpSync = verifySync as (options: Parameters<typeof verifySync>[0]) => TotpVerifyResult;

export function matchTotp(
  secret: string,
  code: string,
  now: Date,
  lastUsedStep: number | null,
): number | null {
  const result = verifyTotpSync({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOTP_STEP_SECONDS,
    ...(lastUsedStep === null ? {} : { afterTimeStep: lastUsedStep }),
  });
  return result.valid ? result.timeStep : null;
}

/** The code an authenticator app shows at `at` (tests compute codes as a phone would). */
export function totpCodeAt(secret: string, at: Date): string {
  return generateSync({ secret, epoch: Math.floor(at.getTime() / 1000) });
}
