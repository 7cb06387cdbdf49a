import { queryOne } from '../../db/sql';
import { buildDebtor, buildWallet } from '../../test/factories';
import { TODAY, ZONE, startFinanceApp } from '../../test/finance';
import type { TestApp } from '../../test/harness';
import { rest } from '../../test/rest';
import { trustedHashOf } from '../../test/trusted-operations';

/**
 * A session's access token lives 15 minutes and names its account by signature only: the account
 * is proven when an operation first needs it, or by the analysis' and the forecast's own snapshot
 * statement. An access token that outlived its deleted account must be refused by every kind of
 * operation, whichever of those paths it takes, and must never link anything to the gone account.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startFinanceApp();
});
afterAll(() => t.close());

const GONE = { message: 'This account no longer exists', extensions: { code: 'UNAUTHENTICATED' } };

async function vanishedAccount() {
  const { debtor, accessToken, password } = await buildDebtor(t.deps.dataSource, t.deps.config);
  const wallet = await buildWallet(t.deps.dataSource, debtor.id);
  const deleted = await t.gql(
    `mutation($p: String!) { deleteAccount(password: $p) }`,
    { p: password },
    {
      token: accessToken,
    },
  );
  expect(deleted.data).toEqual({ deleteAccount: true });
  return { token: accessToken, walletId: String(wallet.id) };
}

describe('an access token that outlived its account', () => {
  it.each([
    [
      'the analysis with the browser’s zone (proven by the snapshot)',
      '{ cashFlowAnalysis(timeZone: "America/New_York") { asOf } }',
    ],
    ['the analysis on a given day', `{ cashFlowAnalysis(asOf: "${TODAY}") { asOf } }`],
    ['the analysis in the stored zone (proven first)', '{ cashFlowAnalysis { asOf } }'],
    ['the forecast with a zone', `{ balanceForecast(timeZone: "${ZONE}") { asOf } }`],
    ['the forecast in the stored zone', '{ balanceForecast { asOf } }'],
    ['a list', '{ wallets { id } }'],
    ['the account', '{ me { userName } }'],
    ['a write', 'mutation { addWallet(input: { walletName: "Cash", balance: 1 }) { id } }'],
  ])('is refused for %s', async (_what, document) => {
    const { token } = await vanishedAccount();
    const response = await t.gql(document, {}, { token });
    expect(response.errors?.[0]).toMatchObject(GONE);
    expect(response.data ?? null).toBeNull();
  });

  it("is refused for the web client's analysis sent by hash (the trusted-query path)", async () => {
    const { token, walletId } = await vanishedAccount();
    const response = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        variables: { walletId, timeZone: 'Europe/Paris' },
        extensions: { persistedQuery: { version: 1, sha256Hash: trustedHashOf('DashboardAnalysis') } },
      }),
    });
    const body = (await response.json()) as { errors?: unknown[] };
    expect(body.errors?.[0]).toMatchObject(GONE);
  });

  it('is refused by the REST paths', async () => {
    const { token } = await vanishedAccount();
    const response = await rest(t, 'GET', '/account/debtor-wallets', { token });
    expect(response.status).toBe(401);
  });

  it('sends the public contact form unlinked, as for anyone', async () => {
    const { token } = await vanishedAccount();
    const input = { senderName: 'Pat', senderEmail: 'pat@example.com', message: 'Where did my account go?' };
    const response = await t.gql(
      `mutation($input: ContactMessageInput!) { sendContactMessage(input: $input) }`,
      { input },
      { token },
    );
    expect(response.data).toEqual({ sendContactMessage: true });
    const stored = await queryOne<{ debtor_id: number | null }>(
      t.deps.dataSource,
      'SELECT debtor_id FROM contact_message WHERE message = $1 ORDER BY id DESC LIMIT 1',
      [input.message],
    );
    expect(stored).toEqual({ debtor_id: null });
  });
});
