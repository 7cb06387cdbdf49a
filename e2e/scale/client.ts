/**
 * A GraphQL client for the scale scenarios: every call goes through the balancer; `instance`
 * names the server HAProxy must pick (its X-Instance rule), otherwise round-robin decides.
 * Each answer says which instance served it (HAProxy's X-Served-By) and carries the refresh
 * cookie the server set, so a session can move from one instance to the other.
 */
import { randomBytes } from 'node:crypto';
import { stripeCheckoutSession, stripeEvent, signPayload } from '../../server/src/test/stripe-double';

export interface GraphQLError {
  message: string;
  path?: (string | number)[];
  extensions?: { code?: string };
}

export interface Answer<T> {
  status: number;
  data: T | undefined;
  errors: GraphQLError[];
  servedBy: string;
  /** The refresh cookie the answer set (`name=value`), if any. */
  refreshCookie: string | undefined;
}

export interface CallOptions {
  token?: string;
  cookie?: string;
  instance?: string;
  headers?: Record<string, string>;
}

export async function gql<T = Record<string, unknown>>(
  baseUrl: string,
  query: string,
  variables: Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<Answer<T>> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.instance ? { 'x-instance': options.instance } : {}),
      ...options.headers,
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T | null; errors?: GraphQLError[] };
  const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('truenet_refresh='));
  return {
    status: response.status,
    data: body.data ?? undefined,
    errors: body.errors ?? [],
    servedBy: response.headers.get('x-served-by') ?? '',
    refreshCookie: setCookie?.split(';')[0],
  };
}

/** The data of an answer that must have succeeded. */
export function ok<T>(answer: Answer<T>): T {
  if (answer.errors.length || !answer.data) {
    throw new Error(`GraphQL ${answer.status}: ${answer.errors.map((e) => e.message).join('; ')}`);
  }
  return answer.data;
}

export const PASSWORD = 'Truenet!2025';
export const TIME_ZONE = 'America/New_York';

export interface ScaleUser {
  uid: number;
  userName: string;
  email: string;
  token: string;
}

let counter = 0;

/** A webhook event signed like Stripe signs it, POSTed through the balancer. */
export async function deliverWebhook(baseUrl: string, event: Record<string, unknown>, instance?: string) {
  const payload = JSON.stringify(event);
  const response = await fetch(`${baseUrl}/api/webhooks/stripe`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signPayload(payload),
      ...(instance ? { 'x-instance': instance } : {}),
    },
    body: payload,
  });
  return {
    status: response.status,
    servedBy: response.headers.get('x-served-by') ?? '',
    body: (await response.json()) as { received?: boolean; duplicate?: boolean },
  };
}

/**
 * Registers through the balancer, completes the checkout as the provider reports it (a signed
 * checkout.session.completed webhook), and signs in: a trialing account that may write.
 */
export async function readyUser(baseUrl: string, prefix: string): Promise<ScaleUser> {
  counter += 1;
  const userName = `${prefix}${randomBytes(3).toString('hex')}${counter}`.slice(0, 24);
  const email = `${userName}@example.test`;
  ok(
    await gql(baseUrl, `mutation ($input: RegisterInput!) { register(input: $input) { checkoutUrl } }`, {
      input: {
        firstName: 'Pat',
        lastName: 'Scale',
        userName,
        email,
        userPassword: PASSWORD,
        plan: 'YEARLY',
        timeZone: TIME_ZONE,
      },
    }),
  );
  const signIn = ok(
    await gql<{ login: { accessToken: string; uid: number } }>(
      baseUrl,
      `mutation ($u: String!, $p: String!) { login(userName: $u, userPassword: $p) { accessToken uid } }`,
      { u: userName, p: PASSWORD },
    ),
  );
  const completed = await deliverWebhook(
    baseUrl,
    stripeEvent(
      'checkout.session.completed',
      stripeCheckoutSession({ client_reference_id: String(signIn.login.uid), customer_email: email }),
    ),
  );
  if (completed.status !== 200) throw new Error(`checkout.session.completed answered ${completed.status}`);
  return { uid: signIn.login.uid, userName, email, token: signIn.login.accessToken };
}

export async function addWallet(baseUrl: string, user: ScaleUser, walletName: string, balance = 0) {
  const data = ok(
    await gql<{ addWallet: { id: string } }>(
      baseUrl,
      `mutation ($input: WalletInput!) { addWallet(input: $input) { id } }`,
      { input: { walletName, balance, timeZone: TIME_ZONE } },
      { token: user.token },
    ),
  );
  return data.addWallet.id;
}

export const UPDATE_BALANCE = `mutation ($input: UpdateWalletBalanceInput!) {
  updateWalletBalance(input: $input) { id balance }
}`;

/** One Spent or Deposited transaction on a wallet (amount in dollars). */
export function moveMoney(
  baseUrl: string,
  user: ScaleUser,
  walletId: string,
  direction: 'SPENT' | 'DEPOSITED',
  amount: number,
  options: CallOptions = {},
) {
  return gql<{ updateWalletBalance: { id: string; balance: number } }>(
    baseUrl,
    UPDATE_BALANCE,
    { input: { walletId, transaction: { direction, amount }, timeZone: TIME_ZONE } },
    { token: user.token, ...options },
  );
}

/** How many answers each instance served. */
export function servedCounts(answers: { servedBy: string }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) counts[answer.servedBy] = (counts[answer.servedBy] ?? 0) + 1;
  return counts;
}
