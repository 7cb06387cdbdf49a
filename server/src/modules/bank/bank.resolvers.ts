import type { Resolvers } from '../../generated/graphql';
import { ledgerOf, requireMember, requireWriter } from '../../policies';
import { rowId, uuidRowId } from '../../input/row-id';
import { requestDay } from '../../input/today';
import { presentBankAccount, presentBankConnection } from './bank.presenter';
import {
  connectBank,
  linkBankAccount,
  listConnections,
  removeBankConnection,
  syncBankConnection,
} from './bank.service';

/** The zone a request's dates are read in: the one sent, else the account's, else UTC. */
function zoneOf(sent: string | null | undefined, stored: string | null | undefined): string {
  return sent || stored || 'UTC';
}

/** GraphQL adapters of bank connections (docs/product-rules.md §15). */
export const bankResolvers: Resolvers = {
  Query: {
    bankConnections: async (_parent, _args, ctx) => {
      const user = await requireMember(ctx);
      return (await listConnections(ctx.deps.dataSource, user.household.id)).map(presentBankConnection);
    },
  },
  Mutation: {
    connectBank: async (_parent, { setupToken, timeZone }, ctx) => {
      const user = await requireWriter(ctx);
      const day = await requestDay(ctx, user, timeZone);
      const connection = await connectBank(
        ctx.deps,
        ledgerOf(user),
        setupToken,
        day,
        zoneOf(timeZone, user.timeZone),
      );
      return presentBankConnection(connection);
    },
    linkBankAccount: async (
      _parent,
      { bankAccountId, walletId, keepBalance, newWallet, previousWallet, timeZone },
      ctx,
    ) => {
      const user = await requireWriter(ctx);
      const accountId = uuidRowId(bankAccountId, 'Bank account');
      const day = await requestDay(ctx, user, timeZone);
      const target = {
        walletId: walletId ? rowId(walletId, 'Wallet') : null,
        newWallet: newWallet ?? false,
        previousWallet: previousWallet ?? null,
      };
      return presentBankAccount(
        await linkBankAccount(ctx.deps, ledgerOf(user), accountId, target, keepBalance ?? true, day.today),
      );
    },
    syncBankConnection: async (_parent, { id, timeZone }, ctx) => {
      const user = await requireWriter(ctx);
      const connectionId = uuidRowId(id, 'Bank connection');
      const day = await requestDay(ctx, user, timeZone);
      const result = await syncBankConnection(
        ctx.deps,
        ledgerOf(user),
        connectionId,
        day,
        zoneOf(timeZone, user.timeZone),
        ctx.deps.config.bank.syncNowSeconds * 1000,
      );
      return { ...result, connection: presentBankConnection(result.connection) };
    },
    removeBankConnection: async (_parent, { id }, ctx) => {
      const user = await requireWriter(ctx);
      await removeBankConnection(ctx.deps, user.household.id, uuidRowId(id, 'Bank connection'));
      return true;
    },
  },
};
