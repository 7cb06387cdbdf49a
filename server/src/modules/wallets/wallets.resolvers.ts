import type { Resolvers } from '../../generated/graphql';
import { ledgerOf, requireMember, requireWriter } from '../../policies';
import { rowId } from '../../input/row-id';
import { requestDay } from '../../input/today';
import { dollars } from '../../input/values';
import { balanceUpdateOf, walletFields } from './wallet-fields';
import { presentRegisterEntry, presentWallet } from './wallets.presenter';
import {
  addWallet,
  deleteWallet,
  listWallets,
  setDefaultWallet,
  updateWallet,
  updateWalletBalance,
  walletRegister,
} from './wallets.service';

/** GraphQL adapters of the wallets module: read the user, validate, call one service command, present. */
export const walletsResolvers: Resolvers = {
  Query: {
    wallets: async (_parent, _args, ctx) => {
      const member = await requireMember(ctx);
      return (await listWallets(ctx.deps.dataSource, member.household.id)).map(presentWallet);
    },
    walletRegister: async (_parent, { walletId }, ctx) => {
      const member = await requireMember(ctx);
      const rows = await walletRegister(ctx.deps, member.household.id, rowId(walletId, 'Wallet'));
      return rows.map(presentRegisterEntry);
    },
  },
  Mutation: {
    addWallet: async (_parent, { input }, ctx) => {
      const user = await requireWriter(ctx);
      const fields = walletFields({ ...input, balance: dollars(input.balance) });
      const day = await requestDay(ctx, user, input.timeZone || null);
      return presentWallet(await addWallet(ctx.deps, ledgerOf(user), fields, day));
    },
    updateWallet: async (_parent, { id, input }, ctx) => {
      const user = await requireWriter(ctx);
      const walletId = rowId(id, 'Wallet');
      const fields = walletFields({ ...input, balance: dollars(input.balance) });
      const day = await requestDay(ctx, user, input.timeZone);
      return presentWallet(await updateWallet(ctx.deps, ledgerOf(user), walletId, fields, day));
    },
    deleteWallet: async (_parent, { id }, ctx) => {
      const user = await requireWriter(ctx);
      await deleteWallet(ctx.deps, ledgerOf(user), rowId(id, 'Wallet'));
      return { id, deleted: true };
    },
    setDefaultWallet: async (_parent, { id }, ctx) => {
      const user = await requireWriter(ctx);
      return (await setDefaultWallet(ctx.deps, user.household.id, rowId(id, 'Wallet'))).map(presentWallet);
    },
    updateWalletBalance: async (_parent, { input }, ctx) => {
      const user = await requireWriter(ctx);
      const walletId = rowId(input.walletId, 'Wallet');
      const { transaction } = input;
      const update = balanceUpdateOf({
        balance: dollars(input.balance),
        transaction: transaction && {
          ...transaction,
          amount: dollars(transaction.amount),
          categoryId: transaction.categoryId == null ? null : rowId(transaction.categoryId, 'Category'),
        },
      });
      const day = await requestDay(ctx, user, input.timeZone);
      const row = await updateWalletBalance(ctx.deps, ledgerOf(user), walletId, update, day);
      return presentWallet(row);
    },
  },
};
