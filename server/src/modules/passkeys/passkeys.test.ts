import { queryOne, queryRows } from '../../db/sql';
import { buildDebtor, DEFAULT_PASSWORD } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/harness';
import {
  AUTH_FIELDS,
  client,
  errorOf,
  latestMail,
  movableClock,
  refreshCookieOf,
  TEST_ENV,
  uniqueIp,
} from '../../test/accounts';
import { SoftAuthenticator, type SoftPasskey } from '../../test/soft-authenticator';
import { totpCodeAt } from '../two-factor/totp';

const clock = movableClock();
let t: TestApp;
let authenticator: SoftAuthenticator;
beforeAll(async () => {
  t = await startTestApp({ env: TEST_ENV, clock });
  authenticator = new SoftAuthenticator(new URL(t.deps.config.appUrl).origin);
});
afterAll(() => t.close());
afterEach(() => clock.reset());

const ds = () => t.deps.dataSource;
const BEGIN_ADD = 'mutation { beginPasskeyRegistration { challengeId optionsJson } }';
const FINISH_ADD = `mutation($c: String!, $n: String!, $r: String!) {
  finishPasskeyRegistration(challengeId: $c, name: $n, responseJson: $r) { id name createdAt lastUsedAt }
}`;
const LIST = '{ passkeys { id name createdAt lastUsedAt } }';
const REMOVE = 'mutation($id: ID!, $p: String!) { removePasskey(id: $id, password: $p) }';
const BEGIN_SIGN_IN = 'mutation { beginPasskeySignIn { challengeId optionsJson } }';
const FINISH_SIGN_IN = `mutation($c: String!, $r: String!) { finishPasskeySignIn(challengeId: $c, responseJson: $r) { ${AUTH_FIELDS} } }`;

type Challenge = { challengeId: string; optionsJson: string };
async function addPasskey(token: string, name = 'My phone') {
  const gql = client(t);
  const begun = (await gql(BEGIN_ADD, {}, { token })).data as { beginPasskeyRegistration: Challenge };
  const { passkey, responseJson } = authenticator.register(begun.beginPasskeyRegistration.optionsJson);
  const added = await gql(
    FINISH_ADD,
    { c: begun.beginPasskeyRegistration.challengeId, n: name, r: responseJson },
    { token },
  );
  return { passkey, added, responseJson, challengeId: begun.beginPasskeyRegistration.challengeId };
}

async function signInWith(passkey: SoftPasskey, ip = uniqueIp()) {
  const gql = client(t, ip);
  const begun = (await gql(BEGIN_SIGN_IN)).data as { beginPasskeySignIn: Challenge };
  return gql(FINISH_SIGN_IN, {
    c: begun.beginPasskeySignIn.challengeId,
    r: authenticator.signIn(passkey, begun.beginPasskeySignIn.optionsJson),
  });
}

describe('passkeys', () => {
  it('adds several named passkeys: the options name the site and exclude the ones already added', async () => {
    const { debtor, accessToken } = await buildDebtor(ds(), t.deps.config);
    const first = await addPasskey(accessToken, '  Laptop  ');
    expect(first.added.errors).toBeUndefined();
    expect(
      (first.added.data as { finishPasskeyRegistration: unknown }).finishPasskeyRegistration,
    ).toMatchObject({
      name: 'Laptop',
      lastUsedAt: null,
    });
    const begun = (await client(t)(BEGIN_ADD, {}, { token: accessToken })).data as {
      beginPasskeyRegistration: Challenge;
    };
    const options = JSON.parse(begun.beginPasskeyRegistration.optionsJson) as {
      rp: { id: string; name: string };
      user: { name: string };
      excludeCredentials: { id: string }[];
      authenticatorSelection: { residentKey: string };
    };
    expect(options.rp).toEqual({ id: new URL(t.deps.config.appUrl).hostname, name: 'TrueNet' });
    expect(options.user.name).toBe(debtor.userName);
    expect(options.authenticatorSelection.residentKey).toBe('required');
    expect(options.excludeCredentials.map((credential) => credential.id)).toEqual([
      first.passkey.credentialId.toString('base64url'),
    ]);
    await addPasskey(accessToken, 'Phone');
    const list = (await client(t)(LIST, {}, { token: accessToken })).data as { passkeys: { name: string }[] };
    expect(list.passkeys.map((passkey) => passkey.name)).toEqual(['Laptop', 'Phone']);
    // The owner is told, and the audit log has it.
    await latestMail(ds(), debtor.email, 'A passkey was added');
    expect(
      await queryRows(ds(), "SELECT 1 FROM audit_log WHERE debtor_id = $1 AND event = 'passkey_added'", [
        debtor.id,
      ]),
    ).toHaveLength(2);
  });

  it('refuses a response for another site, a reused challenge, an empty name and another token kind', async () => {
    const { accessToken } = await buildDebtor(ds(), t.deps.config);
    const gql = client(t);
    const begun = (await gql(BEGIN_ADD, {}, { token: accessToken })).data as {
      beginPasskeyRegistration: Challenge;
    };
    const elsewhere = authenticator.register(begun.beginPasskeyRegistration.optionsJson, {
      origin: 'https://evil.example',
    });
    const refused = await gql(
      FINISH_ADD,
      { c: begun.beginPasskeyRegistration.challengeId, n: 'Phone', r: elsewhere.responseJson },
      { token: accessToken },
    );
    expect(errorOf(refused)).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'The passkey could not be checked. Try again.',
    });

    const noName = await gql(
      FINISH_ADD,
      { c: begun.beginPasskeyRegistration.challengeId, n: '   ', r: elsewhere.responseJson },
      { token: accessToken },
    );
    expect(errorOf(noName).message).toBe('Give the passkey a name of 1 to 60 characters');

    const good = await addPasskey(accessToken);
    expect(good.added.errors).toBeUndefined();
    const replay = await gql(
      FINISH_ADD,
      { c: good.challengeId, n: 'Again', r: good.responseJson },
      { token: accessToken },
    );
    expect(errorOf(replay).message).toBe('The passkey request timed out. Try again.');

    const token = (
      (
        await gql(
          'mutation { createApiToken(name: "s", scope: READ_WRITE) { secret } }',
          {},
          { token: accessToken },
        )
      ).data as {
        createApiToken: { secret: string };
      }
    ).createApiToken.secret;
    expect(errorOf(await gql(BEGIN_ADD, {}, { token })).code).toBe('FORBIDDEN');
  });

  it('signs in with a passkey instead of the password and code (two-factor on), and keeps its last use', async () => {
    const { debtor, accessToken } = await buildDebtor(ds(), t.deps.config);
    const gql = client(t);
    const enrollment = (
      (await gql('mutation { beginTotpEnrollment { secret } }', {}, { token: accessToken })).data as {
        beginTotpEnrollment: { secret: string };
      }
    ).beginTotpEnrollment;
    await gql(
      'mutation($c: String!) { confirmTotpEnrollment(code: $c) { recoveryCodes } }',
      { c: totpCodeAt(enrollment.secret, clock.now()) },
      { token: accessToken },
    );
    const { passkey } = await addPasskey(accessToken);

    const signedIn = await signInWith(passkey);
    expect(signedIn.errors).toBeUndefined();
    expect((signedIn.data as { finishPasskeySignIn: { uid: number } }).finishPasskeySignIn.uid).toBe(
      debtor.id,
    );
    expect(refreshCookieOf(signedIn)).toBeDefined();
    const list = (await gql(LIST, {}, { token: accessToken })).data as {
      passkeys: { lastUsedAt: string | null }[];
    };
    expect(list.passkeys[0]?.lastUsedAt).not.toBeNull();
    const audit = await queryOne<{ details: Record<string, unknown> }>(
      ds(),
      "SELECT details FROM audit_log WHERE debtor_id = $1 AND event = 'sign_in' ORDER BY id DESC LIMIT 1",
      [debtor.id],
    );
    expect(audit?.details).toMatchObject({ passkey: true });
  });

  it('refuses an unknown passkey, a replayed assertion and a signature for another site', async () => {
    const { accessToken } = await buildDebtor(ds(), t.deps.config);
    const { passkey } = await addPasskey(accessToken);
    const stranger = authenticator.register(JSON.stringify({ challenge: 'x' })).passkey;
    expect(errorOf(await signInWith(stranger))).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'This passkey is not known to TrueNet. Sign in with your password, then add it.',
    });

    const gql = client(t);
    const begun = (await gql(BEGIN_SIGN_IN)).data as { beginPasskeySignIn: Challenge };
    const assertion = authenticator.signIn(passkey, begun.beginPasskeySignIn.optionsJson);
    expect(
      (await gql(FINISH_SIGN_IN, { c: begun.beginPasskeySignIn.challengeId, r: assertion })).errors,
    ).toBeUndefined();
    expect(
      errorOf(await gql(FINISH_SIGN_IN, { c: begun.beginPasskeySignIn.challengeId, r: assertion })).code,
    ).toBe('UNAUTHENTICATED');

    const again = (await gql(BEGIN_SIGN_IN)).data as { beginPasskeySignIn: Challenge };
    const forged = authenticator.signIn(passkey, again.beginPasskeySignIn.optionsJson, {
      origin: 'https://evil.example',
    });
    expect(
      errorOf(await gql(FINISH_SIGN_IN, { c: again.beginPasskeySignIn.challengeId, r: forged })),
    ).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'The passkey could not be checked. Try again.',
    });
  });

  it('removes a passkey with the password; it no longer signs in', async () => {
    const { debtor, accessToken } = await buildDebtor(ds(), t.deps.config);
    const { passkey, added } = await addPasskey(accessToken);
    const id = (added.data as { finishPasskeyRegistration: { id: string } }).finishPasskeyRegistration.id;
    const gql = client(t);
    expect(errorOf(await gql(REMOVE, { id, p: 'Wrong-Passw0rd!' }, { token: accessToken }))).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'The password is not correct.',
    });
    expect((await gql(REMOVE, { id, p: DEFAULT_PASSWORD }, { token: accessToken })).data).toEqual({
      removePasskey: true,
    });
    expect(((await gql(LIST, {}, { token: accessToken })).data as { passkeys: unknown[] }).passkeys).toEqual(
      [],
    );
    expect(errorOf(await signInWith(passkey)).code).toBe('UNAUTHENTICATED');
    expect(
      await queryRows(ds(), "SELECT 1 FROM audit_log WHERE debtor_id = $1 AND event = 'passkey_removed'", [
        debtor.id,
      ]),
    ).toHaveLength(1);
  });
});
