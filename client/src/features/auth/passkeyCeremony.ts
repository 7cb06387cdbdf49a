import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';

/**
 * The browser's side of a passkey ceremony (@simplewebauthn/browser): the server's options in, the
 * credential's response out as the JSON the server checks. A person cancelling or a timeout come
 * back as words for people.
 */
export const PASSKEY_CANCELLED = 'The passkey request was cancelled or timed out. Try again.';
export const PASSKEYS_UNSUPPORTED = 'This browser cannot use passkeys.';

export function passkeysSupported(): boolean {
  return browserSupportsWebAuthn();
}

export class PasskeyCeremonyError extends Error {}

function asPeopleError(error: unknown): PasskeyCeremonyError {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'InvalidStateError')
    return new PasskeyCeremonyError('This device already has a passkey for your account.');
  return new PasskeyCeremonyError(PASSKEY_CANCELLED);
}

export async function createPasskey(optionsJson: string): Promise<string> {
  try {
    return JSON.stringify(await startRegistration({ optionsJSON: JSON.parse(optionsJson) }));
  } catch (error) {
    throw asPeopleError(error);
  }
}

export async function signWithPasskey(optionsJson: string): Promise<string> {
  try {
    return JSON.stringify(await startAuthentication({ optionsJSON: JSON.parse(optionsJson) }));
  } catch (error) {
    throw asPeopleError(error);
  }
}
