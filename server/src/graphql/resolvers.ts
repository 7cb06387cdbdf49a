import type { Resolvers } from '../generated/graphql';
import { accountsResolvers } from '../modules/accounts/accounts.resolvers';
import { analysisResolvers } from '../modules/analysis/analysis.resolvers';
import { authResolvers } from '../modules/auth/auth.resolvers';
import { billingResolvers } from '../modules/billing/billing.resolvers';
import { contactResolvers } from '../modules/contact/contact.resolvers';
import { budgetsResolvers } from '../modules/budgets/budgets.resolvers';
import { reportsResolvers } from '../modules/reports/reports.resolvers';
import { categoriesResolvers } from '../modules/categories/categories.resolvers';
import { debtsResolvers } from '../modules/debts/debts.resolvers';
import { bankResolvers } from '../modules/bank/bank.resolvers';
import { householdsResolvers } from '../modules/households/households.resolvers';
import { importsResolvers } from '../modules/imports/imports.resolvers';
import { pushResolvers } from '../modules/push/push.resolvers';
import { incomeResolvers } from '../modules/income/income.resolvers';
import { liabilitiesResolvers } from '../modules/liabilities/liabilities.resolvers';
import { calendarResolvers } from '../modules/calendar/calendar.resolvers';
import { recurringResolvers } from '../modules/recurring/recurring.resolvers';
import { remindersResolvers } from '../modules/reminders/reminders.resolvers';
import { suggestionsResolvers } from '../modules/suggestions/suggestions.resolvers';
import { passkeysResolvers } from '../modules/passkeys/passkeys.resolvers';
import { tokensResolvers } from '../modules/tokens/tokens.resolvers';
import { twoFactorResolvers } from '../modules/two-factor/two-factor.resolvers';
import { walletsResolvers } from '../modules/wallets/wallets.resolvers';
import { DateScalar, DateTimeScalar, MoneyScalar } from './scalars';

const baseResolvers: Resolvers = {
  Money: MoneyScalar,
  Date: DateScalar,
  DateTime: DateTimeScalar,
  Query: { health: () => 'ok' },
};

/** Merges the modules' resolver maps type by type; a field defined twice is a programming error. */
export function mergeResolvers(maps: Resolvers[]): Resolvers {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const map of maps) {
    for (const [typeName, fields] of Object.entries(map)) {
      if (typeof fields !== 'object' || fields === null || fields.constructor?.name === 'GraphQLScalarType') {
        merged[typeName] = fields as never;
        continue;
      }
      const target = (merged[typeName] ??= {});
      for (const [field, resolver] of Object.entries(fields)) {
        if (field in target) throw new Error(`Resolver ${typeName}.${field} is defined twice`);
        target[field] = resolver;
      }
    }
  }
  return merged as Resolvers;
}

export const resolvers = mergeResolvers([
  baseResolvers,
  accountsResolvers,
  authResolvers,
  twoFactorResolvers,
  passkeysResolvers,
  contactResolvers,
  walletsResolvers,
  importsResolvers,
  bankResolvers,
  recurringResolvers,
  householdsResolvers,
  pushResolvers,
  incomeResolvers,
  liabilitiesResolvers,
  debtsResolvers,
  categoriesResolvers,
  budgetsResolvers,
  reportsResolvers,
  analysisResolvers,
  suggestionsResolvers,
  tokensResolvers,
  remindersResolvers,
  calendarResolvers,
  billingResolvers,
]);
