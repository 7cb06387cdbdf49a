import { queryRows } from '../../db/sql';
import { RATE_LIMITS, rateLimitRowKey } from '../../rate-limit';
import { buildDebtor, DEFAULT_PASSWORD } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/harness';
import {
  accountSnapshot,
  client,
  REGISTER,
  registrationInput,
  TEST_ENV,
  uniqueIp,
} from '../../test/accounts';

/**
 * Every input of every accounts, auth and contact mutation, with bad input: too long, wrong
 * pattern, missing, wrong type. Each answer is BAD_USER_INPUT naming the field, and nothing stored
 * about the account (or, for public forms, under the typed names) changes.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: TEST_ENV });
});
afterAll(() => t.close());
const ds = () => t.deps.dataSource;

const LONG = 'A'.repeat(76);
/** GraphQL's own answer when a required input is missing or has the wrong type. */
const MISSING = Symbol('missing');

interface BadInput {
  field: string;
  value: unknown;
  /** Refused before any resolver runs (the API-wide NUL guard), so no field is named. */
  beforeResolvers?: boolean;
}

const registerCases: BadInput[] = [
  { field: 'firstName', value: 'A'.repeat(51) },
  { field: 'firstName', value: 'R2-D2' },
  { field: 'firstName', value: MISSING },
  { field: 'firstName', value: 42 },
  { field: 'lastName', value: 'B'.repeat(51) },
  { field: 'lastName', value: '<script>' },
  { field: 'lastName', value: MISSING },
  { field: 'lastName', value: true },
  { field: 'userName', value: `u${'x'.repeat(24)}` },
  { field: 'userName', value: '1startsWithDigit' },
  { field: 'userName', value: MISSING },
  { field: 'userName', value: 1234 },
  { field: 'email', value: `${'e'.repeat(250)}@example.com` },
  { field: 'email', value: 'no-at-sign.example.com' },
  { field: 'email', value: MISSING },
  { field: 'email', value: ['a@b.co'] },
  { field: 'userPassword', value: 'Aa1!'.repeat(7) },
  { field: 'userPassword', value: 'alllowercase1!' },
  { field: 'userPassword', value: MISSING },
  { field: 'userPassword', value: 12345678 },
  { field: 'plan', value: 'MONTHLY' },
  { field: 'plan', value: 3 },
  { field: 'timeZone', value: 'Mars/Olympus_Mons' },
  { field: 'timeZone', value: 7 },
  { field: 'honeypot', value: 'filled' },
  { field: 'honeypot', value: { bot: true } },
];

function expectNamedBadInput(response: Awaited<ReturnType<TestApp['gql']>>, field: string, bad?: BadInput) {
  expect(response.data ?? null).toBeNull();
  const error = response.errors?.[0];
  expect(error?.extensions?.code).toBe('BAD_USER_INPUT');
  if (bad?.beforeResolvers) return;
  const named = error?.extensions?.field === field || new RegExp(`\\b${field}\\b`).test(error?.message ?? '');
  expect({ field, named, message: error?.message }).toEqual({ field, named: true, message: error?.message });
}

function withBad(base: Record<string, unknown>, { field, value }: BadInput) {
  const copy = { ...base };
  if (value === MISSING) delete copy[field];
  else copy[field] = value;
  return copy;
}

/**
 * One more case per field: the NUL character, which PostgreSQL text cannot hold. The API refuses
 * it for the whole operation before any resolver runs (graphql/server.ts), as BAD_USER_INPUT.
 */
function withNulCases(cases: BadInput[]): BadInput[] {
  const fields = [...new Set(cases.map((c) => c.field))];
  return [...cases, ...fields.map((field) => ({ field, value: 'nul\u0000inside', beforeResolvers: true }))];
}

describe('register refuses bad input, naming the field and creating nothing', () => {
  it.each(withNulCases(registerCases).map((c) => [c.field, label(c.value), c]))(
    '%s = %s',
    async (_field, _label, bad) => {
      const input = registrationInput();
      const response = await client(t)(REGISTER, { input: withBad(input, bad as BadInput) });
      expectNamedBadInput(response, (bad as BadInput).field, bad as BadInput);
      const rows = await queryRows(
        ds(),
        'SELECT id FROM debtor WHERE lower(username) = lower($1) OR lower(email) = lower($2)',
        [input.userName, input.email],
      );
      expect(rows).toEqual([]);
      const mails = await queryRows(ds(), 'SELECT id FROM outbox_mail WHERE lower(to_address) = lower($1)', [
        input.email,
      ]);
      expect(mails).toEqual([]);
    },
  );
});

interface MutationCase {
  name: string;
  document: string;
  /** Valid variables; each case breaks one. */
  valid: (user: { email: string; password: string }) => Record<string, unknown>;
  /** Top-level arguments, or the fields of `input` when `inInput`. */
  inInput?: boolean;
  signedIn: boolean;
  cases: BadInput[];
}

const mutations: MutationCase[] = [
  {
    name: 'login',
    document: `mutation($userName: String!, $userPassword: String!, $honeypot: String) {
      login(userName: $userName, userPassword: $userPassword, honeypot: $honeypot) { uid } }`,
    valid: ({ password }) => ({ userName: 'someone', userPassword: password }),
    signedIn: false,
    cases: [
      { field: 'userName', value: LONG },
      { field: 'userName', value: '   ' },
      { field: 'userName', value: MISSING },
      { field: 'userName', value: 5 },
      { field: 'userPassword', value: LONG },
      { field: 'userPassword', value: '' },
      { field: 'userPassword', value: MISSING },
      { field: 'userPassword', value: false },
      { field: 'honeypot', value: 'x' },
      { field: 'honeypot', value: 1 },
    ],
  },
  {
    name: 'verifyEmail',
    document: `mutation($code: String!, $honeypot: String) { verifyEmail(code: $code, honeypot: $honeypot) { id } }`,
    valid: () => ({ code: '123456' }),
    signedIn: true,
    cases: [
      { field: 'code', value: '1234567' },
      { field: 'code', value: '12a456' },
      { field: 'code', value: '' },
      { field: 'code', value: MISSING },
      { field: 'code', value: 123456 },
      { field: 'honeypot', value: 'x' },
      { field: 'honeypot', value: [1] },
    ],
  },
  {
    name: 'changePassword',
    document: `mutation($oldPassword: String!, $newPassword: String!, $honeypot: String) {
      changePassword(oldPassword: $oldPassword, newPassword: $newPassword, honeypot: $honeypot) { uid } }`,
    valid: ({ password }) => ({ oldPassword: password, newPassword: 'N3w!Password' }),
    signedIn: true,
    cases: [
      { field: 'oldPassword', value: LONG },
      { field: 'oldPassword', value: '' },
      { field: 'oldPassword', value: MISSING },
      { field: 'oldPassword', value: 1 },
      { field: 'newPassword', value: 'Aa1!'.repeat(7) },
      { field: 'newPassword', value: 'NoDigits!!' },
      { field: 'newPassword', value: MISSING },
      { field: 'newPassword', value: null },
      { field: 'honeypot', value: 'x' },
      { field: 'honeypot', value: 2 },
    ],
  },
  {
    name: 'updateAccount',
    document: `mutation($input: UpdateAccountInput!) { updateAccount(input: $input) { id } }`,
    valid: ({ email }) => ({ firstName: 'Pat', lastName: 'Doe', email }),
    inInput: true,
    signedIn: true,
    cases: [
      { field: 'firstName', value: 'F'.repeat(51) },
      { field: 'firstName', value: '123' },
      { field: 'firstName', value: MISSING },
      { field: 'firstName', value: 1 },
      { field: 'lastName', value: 'L'.repeat(51) },
      { field: 'lastName', value: 'Doe;DROP' },
      { field: 'lastName', value: MISSING },
      { field: 'lastName', value: {} },
      { field: 'email', value: `${'e'.repeat(250)}@example.com` },
      { field: 'email', value: 'two words@example.com' },
      { field: 'email', value: MISSING },
      { field: 'email', value: 3 },
    ],
  },
  {
    name: 'requestPasswordReset',
    document: `mutation($email: String!, $honeypot: String) { requestPasswordReset(email: $email, honeypot: $honeypot) }`,
    valid: ({ email }) => ({ email }),
    signedIn: false,
    cases: [
      { field: 'email', value: `${'e'.repeat(250)}@example.com` },
      { field: 'email', value: 'nobody' },
      { field: 'email', value: MISSING },
      { field: 'email', value: 9 },
      { field: 'honeypot', value: 'x' },
      { field: 'honeypot', value: true },
    ],
  },
  {
    name: 'sendContactMessage',
    document: `mutation($input: ContactMessageInput!) { sendContactMessage(input: $input) }`,
    valid: ({ email }) => ({ senderName: 'Pat Doe', senderEmail: email, message: 'Hello there' }),
    inInput: true,
    signedIn: false,
    cases: [
      { field: 'senderName', value: 'N'.repeat(76) },
      { field: 'senderName', value: '#1 fan' },
      { field: 'senderName', value: MISSING },
      { field: 'senderName', value: 1 },
      { field: 'senderEmail', value: `${'e'.repeat(250)}@example.com` },
      { field: 'senderEmail', value: 'pat@localhost' },
      { field: 'senderEmail', value: MISSING },
      { field: 'senderEmail', value: 1 },
      { field: 'message', value: 'm'.repeat(1001) },
      { field: 'message', value: '   ' },
      { field: 'message', value: MISSING },
      { field: 'message', value: 1 },
      { field: 'honeypot', value: 'x' },
      { field: 'honeypot', value: 1 },
    ],
  },
  {
    name: 'deleteAccount',
    document: `mutation($password: String!) { deleteAccount(password: $password) }`,
    valid: ({ password }) => ({ password }),
    signedIn: true,
    cases: [
      { field: 'password', value: LONG },
      { field: 'password', value: '' },
      { field: 'password', value: MISSING },
      { field: 'password', value: 1 },
    ],
  },
];

/** A short test title for a bad value ("76 × 'A'" rather than the whole string). */
function label(value: unknown): string {
  if (value === MISSING) return 'missing';
  const json = JSON.stringify(value);
  return json.length > 30 ? `${json.slice(0, 12)}… (${String(value).length} characters)` : json;
}

const rows = mutations.flatMap((m) =>
  withNulCases(m.cases).map((c) => [m.name, c.field, label(c.value), m, c] as const),
);

describe('every accounts mutation refuses bad input, naming the field and changing nothing', () => {
  it.each(rows)('%s: %s = %s', async (_name, _field, _label, mutation, bad) => {
    const { debtor, accessToken, password } = await buildDebtor(ds(), t.deps.config);
    const ip = uniqueIp();
    const valid = mutation.valid({ email: debtor.email, password });
    const variables = mutation.inInput ? { input: withBad(valid, bad) } : withBad(valid, bad);
    const before = await accountSnapshot(ds(), debtor.id, debtor.email);
    const contactsBefore = await queryRows(ds(), 'SELECT id FROM contact_message WHERE sender_email = $1', [
      debtor.email,
    ]);
    const response = await client(t, ip)(
      mutation.document,
      variables,
      mutation.signedIn ? { token: accessToken } : {},
    );
    expectNamedBadInput(response, bad.field, bad);
    expect(await accountSnapshot(ds(), debtor.id, debtor.email)).toBe(before);
    expect(
      await queryRows(ds(), 'SELECT id FROM contact_message WHERE sender_email = $1', [debtor.email]),
    ).toEqual(contactsBefore);
    // A refused input is not even counted against the rate limits.
    const keys = Object.values(RATE_LIMITS).flatMap((rule) =>
      [ip, debtor.id, debtor.userName, debtor.email].map((subject) => rateLimitRowKey(rule, subject)),
    );
    expect(await queryRows(ds(), 'SELECT key FROM rate_limit WHERE key = ANY($1)', [keys])).toEqual([]);
  });

  it('the valid variables used above are accepted (so each case breaks exactly one field)', async () => {
    const { debtor, password } = await buildDebtor(ds(), t.deps.config);
    const contact = mutations.find((m) => m.name === 'sendContactMessage')!;
    const response = await client(t)(contact.document, {
      input: contact.valid({ email: debtor.email, password: DEFAULT_PASSWORD }),
    });
    expect(response.errors).toBeUndefined();
    const login = mutations.find((m) => m.name === 'login')!;
    const signIn = await client(t)(login.document, {
      ...login.valid({ email: '', password }),
      userName: debtor.userName,
    });
    expect(signIn.errors).toBeUndefined();
  });
});
