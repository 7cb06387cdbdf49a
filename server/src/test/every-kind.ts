import { buildBankConnection, buildPasskey, buildPushDevice } from './factories';
import {
  addIncomeSource,
  addLiability,
  addWallet,
  ok,
  seedAmountChange,
  seedHousehold,
  seedImport,
  seedRecurringSuggestion,
  settleLiability,
  TODAY,
  type TestUser,
} from './finance';
import type { IdKind } from '../modules/analysis/schema-operations';
import type { TestApp } from './harness';

/**
 * One record of every kind an id argument can point at (schema-operations.ts' IdKind), made for
 * `user`: the fuzz tests aim their ids at these, the person's own and another household's.
 */
export async function seedEveryKind(t: TestApp, user: TestUser): Promise<Record<IdKind, string>> {
  const wallet = await addWallet(t, user, 'Checking', 100);
  const source = await addIncomeSource(t, user, { nextPmtDate: '2026-11-13' });
  const settledBill = await addLiability(t, user, { creditorName: 'Phone', payment: 5, dueDate: TODAY });
  const payment = await settleLiability(t, user, wallet.id, settledBill.id);
  const liability = await addLiability(t, user, { dueDate: TODAY });
  const token = ok(
    await t.gql<{ createApiToken: { token: { id: string } } }>(
      'mutation { createApiToken(name: "s", scope: READ_WRITE) { token { id } } }',
      {},
      { token: user.token },
    ),
  );
  return {
    wallet: wallet.id,
    incomeSource: source.id,
    liability: liability.id,
    apiToken: token.createApiToken.token.id,
    calendarFeed: (
      await t.gql<{ createCalendarFeed: { id: string } }>(
        'mutation { createCalendarFeed { id } }',
        {},
        { token: user.token },
      )
    ).data!.createCalendarFeed.id,
    payment,
    passkey: await buildPasskey(t.deps.dataSource, user.id),
    ...(await seedImport(t, user, wallet.id)),
    recurringSuggestion: await seedRecurringSuggestion(t, user, wallet.id),
    amountChange: await seedAmountChange(t, user, wallet.id),
    ...(await buildBankConnection(t.deps.dataSource, t.deps.config, user.id)),
    pushDevice: await buildPushDevice(t.deps.dataSource, user.id),
    ...(await seedHousehold(t, user)),
  };
}
