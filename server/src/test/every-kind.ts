import { buildBankConnection, buildPasskey, buildPushDevice } from './factories';
import {
  addIncomeSource,
  addLiability,
  addWallet,
  ok,
  seedAmountChange,
  seedCategories,
  seedHousehold,
  seedImport,
  seedRecurringSuggestion,
  settleLiability,
  TODAY,
  type TestUser,
} from './finance';
import type { IdKind } from '../modules/analysis/schema-operations';
import type { TestApp } from './harness';

export interface EveryKind {
  ids: Record<IdKind, string>;
  /** The READ_WRITE API token's secret (a test may revoke it and try it again). */
  apiTokenSecret: string;
}

/**
 * One record of every kind an id argument can point at (schema-operations.ts' IdKind), made for
 * `user`: the fuzz and isolation tests aim their ids at these, the person's own and another
 * household's. With a `mark`, every name carries it, so that a leak of them shows in any answer.
 */
export async function seedEveryKindOf(t: TestApp, user: TestUser, mark?: string): Promise<EveryKind> {
  const named = (name: string, unmarked: string) => (mark ? `${mark} ${name}` : unmarked);
  const wallet = await addWallet(t, user, named('wallet', 'Checking'), 100);
  const source = await addIncomeSource(t, user, {
    nextPmtDate: '2026-11-13',
    ...(mark ? { sourceName: `${mark} payroll` } : {}),
  });
  const settledBill = await addLiability(t, user, {
    creditorName: named('phone', 'Phone'),
    payment: 5,
    dueDate: TODAY,
  });
  const payment = await settleLiability(t, user, wallet.id, settledBill.id);
  const liability = await addLiability(t, user, {
    dueDate: TODAY,
    ...(mark ? { creditorName: `${mark} bank` } : {}),
  });
  const token = ok(
    await t.gql<{ createApiToken: { token: { id: string }; secret: string } }>(
      'mutation($name: String!) { createApiToken(name: $name, scope: READ_WRITE) { token { id } secret } }',
      { name: named('script', 's') },
      { token: user.token },
    ),
  );
  const ids = {
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
    ...(await seedImport(t, user, wallet.id, mark)),
    recurringSuggestion: await seedRecurringSuggestion(t, user, wallet.id, mark),
    amountChange: await seedAmountChange(t, user, wallet.id, mark),
    ...(await buildBankConnection(
      t.deps.dataSource,
      t.deps.config,
      user.id,
      mark ? `${mark} bank` : undefined,
    )),
    pushDevice: await buildPushDevice(t.deps.dataSource, user.id),
    ...(await seedCategories(t, user, wallet.id, mark ? `${mark} ` : '')),
    ...(await seedHousehold(t, user)),
  };
  return { ids, apiTokenSecret: token.createApiToken.secret };
}

export async function seedEveryKind(
  t: TestApp,
  user: TestUser,
  mark?: string,
): Promise<Record<IdKind, string>> {
  return (await seedEveryKindOf(t, user, mark)).ids;
}
