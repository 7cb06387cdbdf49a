import type { Debtor } from '../../generated/graphql';
import type { AccountRow } from './account.queries';

/**
 * The GraphQL `Debtor`; `subscription` is resolved by the billing module's field resolver, the
 * two-factor fields by the two-factor module's.
 */
export type DebtorParent = Omit<Debtor, 'subscription' | 'twoFactorEnabled' | 'recoveryCodesLeft'>;

export function presentDebtor(row: AccountRow): Debtor {
  const debtor: DebtorParent = {
    id: String(row.id),
    userName: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    accountStatus: row.status,
    role: row.role,
    timeZone: row.time_zone,
    createdAt: new Date(row.created_at).toISOString(),
  };
  return debtor as Debtor;
}
