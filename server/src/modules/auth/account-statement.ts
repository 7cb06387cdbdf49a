import type { SubscriptionStatusValue } from '../billing/subscription.entity';
import type { HouseholdRole, RequestUser } from './request-user';

/**
 * What policies and "today" need of the caller, read in the statement that proves the account:
 * role, zone, own subscription, and the household the request answers for ($2, an API token's, or
 * the account's current one) with the caller's role there and its owner's subscription.
 */
export const ACCOUNT_COLUMNS = `d.role, d.time_zone, s.status,
       m.household_id, m.role AS household_role, os.status AS owner_status`;
export const ACCOUNT_JOINS = `LEFT JOIN subscription s ON s.debtor_id = d.id
  LEFT JOIN household_member m
    ON m.debtor_id = d.id AND m.household_id = COALESCE($2::uuid, d.current_household_id)
  LEFT JOIN household_member o ON o.household_id = m.household_id AND o.role = 'OWNER'
  LEFT JOIN subscription os ON os.debtor_id = o.debtor_id`;

export interface AccountRow {
  role: string;
  time_zone: string | null;
  status: SubscriptionStatusValue | null;
  household_id: string | null;
  household_role: HouseholdRole | null;
  owner_status: SubscriptionStatusValue | null;
}

/** The caller as the account's row describes it. */
export function withAccount(user: RequestUser, row: AccountRow): RequestUser {
  return {
    ...user,
    accountChecked: true,
    role: row.role,
    timeZone: row.time_zone,
    subscriptionStatus: row.status,
    household:
      row.household_id && row.household_role
        ? { id: row.household_id, role: row.household_role, ownerSubscription: row.owner_status }
        : null,
  };
}
