import type { IdKind } from '../modules/analysis/schema-operations';
import { buildBankConnection, buildPasskey, buildPushDevice } from './factories';
import type { TestApp } from './harness';
import {
  addIncomeSource,
  addLiability,
  addWallet,
  ok,
  seedHousehold,
  seedImport,
  seedAmountChange,
  seedCategories,
  seedRecurringSuggestion,
  settleLiability,
  TODAY,
  type TestUser,
} from './finance';

/** One id of every kind the schema's operations take, all of one user's household. */
export type MatrixIds = Record<IdKind, string>;

/**
 * A user's household with one row of every kind an operation can name (a wallet, an income source,
 * bills and a payment, an API token, a calendar feed, a passkey, a statement import, a bank
 * connection, a push device, a member and an invitation), for the generated matrices.
 */
export async function seedMatrixIds(t: TestApp, user: TestUser, mark = ''): Promise<MatrixIds> {
  const wallet = await addWallet(t, user, 'Checking', 1000);
  const source = await addIncomeSource(t, user, { nextPmtDate: '2026-11-13', incomeFrequency: 'WEEKLY' });
  const liability = await addLiability(t, user, { dueDate: TODAY });
  const settledBill = await addLiability(t, user, { creditorName: 'Phone', payment: 50, dueDate: TODAY });
  const payment = await settleLiability(t, user, wallet.id, settledBill.id);
  const token = ok(
    await t.gql<{ createApiToken: { token: { id: string } } }>(
      `mutation { createApiToken(name: "script", scope: READ_WRITE) { token { id } } }`,
      {},
      { token: user.token },
    ),
  );
  const feed = ok(
    await t.gql<{ createCalendarFeed: { id: string } }>(
      `mutation { createCalendarFeed { id } }`,
      {},
      { token: user.token },
    ),
  );
  return {
    wallet: wallet.id,
    incomeSource: source.id,
    liability: liability.id,
    apiToken: token.createApiToken.token.id,
    calendarFeed: feed.createCalendarFeed.id,
    payment,
    passkey: await buildPasskey(t.deps.dataSource, user.id),
    ...(await seedImport(t, user, wallet.id, mark)),
    ...(await buildBankConnection(t.deps.dataSource, t.deps.config, user.id)),
    pushDevice: await buildPushDevice(t.deps.dataSource, user.id),
    recurringSuggestion: await seedRecurringSuggestion(t, user, wallet.id, mark),
    amountChange: await seedAmountChange(t, user, wallet.id, mark),
    ...(await seedCategories(t, user, wallet.id, mark)),
    ...(await seedHousehold(t, user, mark)),
  };
}
