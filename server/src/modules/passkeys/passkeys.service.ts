import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { AppDeps } from '../../deps';
import { execute, queryOne, queryRows, type Queryable } from '../../db/sql';
import { badUserInput, notFound, unauthenticated } from '../../errors';
import { isUuid, uuidRowId } from '../../input/row-id';
import { confirmPassword, loadAccount } from '../accounts/accounts.service';
import { recordAuditEvent } from '../audit/audit.service';
import { noticeSignInChange } from '../two-factor/two-factor.service';

/**
 * Passkeys (WebAuthn, @simplewebauthn/server): several per account, each named, listed with its last
 * use, removed with the password. The relying party is the app's own address (APP_URL): its host
 * is the RP ID and its origin the only accepted origin. Challenges live in PostgreSQL, single use,
 * for 5 minutes, so any instance can finish a ceremony another one began.
 */
export const PASSKEY_MESSAGES = {
  nameRequired: 'Give the passkey a name of 1 to 60 characters',
  notVerified: 'The passkey could not be checked. Try again.',
  alreadyAdded: 'This passkey is already added to an account.',
  expired: 'The passkey request timed out. Try again.',
  unknown: 'This passkey is not known to TrueNet. Sign in with your password, then add it.',
};

const CHALLENGE_MINUTES = 5;

/** Loaded on first use: it takes longer to load than the rest of the app's start-up. */
const webauthn = () => import('@simplewebauthn/server');

export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface PasskeyChallenge {
  challengeId: string;
  optionsJson: string;
}

function relyingParty(deps: Pick<AppDeps, 'config'>) {
  const url = new URL(deps.config.appUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: 'TrueNet' };
}

async function openChallenge(
  db: Queryable,
  purpose: 'register' | 'sign_in',
  debtorId: number | null,
  challenge: string,
  now: Date,
): Promise<string> {
  const row = await queryOne<{ id: string }>(
    db,
    `INSERT INTO webauthn_challenge (debtor_id, purpose, challenge, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [debtorId, purpose, challenge, now, new Date(now.getTime() + CHALLENGE_MINUTES * 60_000)],
  );
  return row!.id;
}

/** Uses a challenge up (in the caller's transaction) and answers it; nothing when it is not open. */
async function takeChallenge(
  db: Queryable,
  purpose: 'register' | 'sign_in',
  challengeId: string,
  debtorId: number | null,
  now: Date,
): Promise<string | undefined> {
  if (!isUuid(challengeId)) return undefined;
  const row = await queryOne<{ challenge: string }>(
    db,
    `UPDATE webauthn_challenge SET used_at = $4
      WHERE id = $1 AND purpose = $2 AND debtor_id IS NOT DISTINCT FROM $3 AND used_at IS NULL AND expires_at > $4
      RETURNING challenge`,
    [challengeId, purpose, debtorId, now],
  );
  return row?.challenge;
}

function parseResponse<T>(json: string): T {
  try {
    const parsed = JSON.parse(json) as unknown;
    if (parsed && typeof parsed === 'object' && typeof (parsed as { id?: unknown }).id === 'string')
      return parsed as T;
  } catch {
    // Falls through to the same answer as a response that does not verify.
  }
  throw badUserInput(PASSKEY_MESSAGES.notVerified);
}

export async function listPasskeys(db: Queryable, debtorId: number): Promise<PasskeyView[]> {
  const rows = await queryRows<{ id: string; name: string; created_at: Date; last_used_at: Date | null }>(
    db,
    'SELECT id, name, created_at, last_used_at FROM passkey WHERE debtor_id = $1 ORDER BY created_at, id',
    [debtorId],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  }));
}

/** The browser's options to create a passkey for this account (its existing ones excluded). */
export async function beginPasskeyRegistration(deps: AppDeps, debtorId: number): Promise<PasskeyChallenge> {
  const account = await loadAccount(deps, debtorId);
  const existing = await queryRows<{ credential_id: string; transports: string[] }>(
    deps.dataSource,
    'SELECT credential_id, transports FROM passkey WHERE debtor_id = $1',
    [debtorId],
  );
  const { rpID, rpName } = relyingParty(deps);
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: account.username,
    userDisplayName: `${account.first_name} ${account.last_name}`,
    userID: new TextEncoder().encode(`truenet:${account.id}`),
    attestationType: 'none',
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    excludeCredentials: existing.map((row) => ({
      id: row.credential_id,
      transports: row.transports as AuthenticatorTransport[],
    })),
  });
  const challengeId = await openChallenge(
    deps.dataSource,
    'register',
    debtorId,
    options.challenge,
    deps.clock.now(),
  );
  return { challengeId, optionsJson: JSON.stringify(options) };
}

/** Checks the browser's new credential against the challenge and keeps it under its name. */
export async function finishPasskeyRegistration(
  deps: AppDeps,
  debtorId: number,
  input: { challengeId: string; name: string; responseJson: string },
  ip: string,
): Promise<PasskeyView> {
  const account = await loadAccount(deps, debtorId);
  const name = input.name.trim();
  if (name.length < 1 || name.length > 60) throw badUserInput(PASSKEY_MESSAGES.nameRequired, 'name');
  const response = parseResponse<RegistrationResponseJSON>(input.responseJson);
  const { rpID, origin } = relyingParty(deps);
  const now = deps.clock.now();
  const passkeyId = await deps.dataSource.transaction(async (m) => {
    const challenge = await takeChallenge(m, 'register', input.challengeId, debtorId, now);
    if (!challenge) throw badUserInput(PASSKEY_MESSAGES.expired);
    const { verifyRegistrationResponse } = await webauthn();
    const verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    }).catch(() => null);
    if (!verification?.verified) throw badUserInput(PASSKEY_MESSAGES.notVerified);
    const { credential } = verification.registrationInfo;
    const taken = await queryOne(m, 'SELECT 1 FROM passkey WHERE credential_id = $1', [credential.id]);
    if (taken) throw badUserInput(PASSKEY_MESSAGES.alreadyAdded);
    const row = await queryOne<{ id: string }>(
      m,
      `INSERT INTO passkey (debtor_id, credential_id, public_key, sign_count, transports, name, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        debtorId,
        credential.id,
        Buffer.from(credential.publicKey),
        credential.counter,
        credential.transports ?? [],
        name,
        now,
      ],
    );
    await recordAuditEvent(m, { debtorId, event: 'passkey_added', ip, at: now, details: { name } });
    return row!.id;
  });
  await noticeSignInChange(deps, account, { kind: 'passkey_added', passkeyName: name });
  return (await listPasskeys(deps.dataSource, debtorId)).find((passkey) => passkey.id === passkeyId)!;
}

/** Removes one of the account's passkeys; the password is asked again. Another's id is NOT_FOUND. */
export async function removePasskey(
  deps: AppDeps,
  debtorId: number,
  passkeyId: string,
  password: string,
  ip: string,
): Promise<void> {
  uuidRowId(passkeyId, 'Passkey');
  const owned = await queryOne(deps.dataSource, 'SELECT 1 FROM passkey WHERE id = $1 AND debtor_id = $2', [
    passkeyId,
    debtorId,
  ]);
  if (!owned) throw notFound('Passkey');
  await confirmPassword(deps, debtorId, password, 'password');
  const now = deps.clock.now();
  await deps.dataSource.transaction(async (m) => {
    const removed = await queryOne<{ name: string }>(
      m,
      'DELETE FROM passkey WHERE id = $1 AND debtor_id = $2 RETURNING name',
      [passkeyId, debtorId],
    );
    if (!removed) throw notFound('Passkey');
    await recordAuditEvent(m, {
      debtorId,
      event: 'passkey_removed',
      ip,
      at: now,
      details: { name: removed.name },
    });
  });
}

/** The browser's options to sign in with any passkey of this site (the account is not known yet). */
export async function beginPasskeySignIn(deps: AppDeps): Promise<PasskeyChallenge> {
  const { rpID } = relyingParty(deps);
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'preferred' });
  const challengeId = await openChallenge(
    deps.dataSource,
    'sign_in',
    null,
    options.challenge,
    deps.clock.now(),
  );
  return { challengeId, optionsJson: JSON.stringify(options) };
}

/** The account whose passkey signed, before the signature is checked (for the rate limits). */
export async function passkeyOwner(
  db: Queryable,
  responseJson: string,
): Promise<{ debtorId: number; userName: string } | undefined> {
  const response = parseResponse<AuthenticationResponseJSON>(responseJson);
  const row = await queryOne<{ debtor_id: number; username: string }>(
    db,
    'SELECT p.debtor_id, d.username FROM passkey p JOIN debtor d ON d.id = p.debtor_id WHERE p.credential_id = $1',
    [response.id],
  );
  return row && { debtorId: row.debtor_id, userName: row.username };
}

/**
 * Checks a passkey's signature over the sign-in challenge, in the caller's transaction: the
 * challenge is used up, the signature counter and the last use are kept. Answers the account.
 */
export async function verifyPasskeySignIn(
  deps: Pick<AppDeps, 'config'>,
  m: Queryable,
  input: { challengeId: string; responseJson: string },
  now: Date,
): Promise<number> {
  const response = parseResponse<AuthenticationResponseJSON>(input.responseJson);
  const stored = await queryOne<{
    id: string;
    debtor_id: number;
    credential_id: string;
    public_key: Buffer;
    sign_count: string;
    transports: string[];
  }>(
    m,
    'SELECT id, debtor_id, credential_id, public_key, sign_count, transports FROM passkey WHERE credential_id = $1 FOR UPDATE',
    [response.id],
  );
  if (!stored) throw unauthenticated(PASSKEY_MESSAGES.unknown);
  const challenge = await takeChallenge(m, 'sign_in', input.challengeId, null, now);
  if (!challenge) throw unauthenticated(PASSKEY_MESSAGES.expired);
  const { rpID, origin } = relyingParty(deps);
  const { verifyAuthenticationResponse } = await webauthn();
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
    credential: {
      id: stored.credential_id,
      publicKey: new Uint8Array(stored.public_key),
      counter: Number(stored.sign_count),
      transports: stored.transports as AuthenticatorTransport[],
    },
  }).catch(() => null);
  if (!verification?.verified) throw unauthenticated(PASSKEY_MESSAGES.notVerified);
  await execute(m, 'UPDATE passkey SET sign_count = $2, last_used_at = $3 WHERE id = $1', [
    stored.id,
    verification.authenticationInfo.newCounter,
    now,
  ]);
  return stored.debtor_id;
}
