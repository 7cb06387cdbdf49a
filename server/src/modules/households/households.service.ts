import { answerWithin } from '../../db/household-wall';
import type { AppDeps } from '../../deps';
import { queryOne, queryRows, type Queryable } from '../../db/sql';
import { AppError, badUserInput } from '../../errors';
import { notAMember, type HouseholdRole, type RequestUser } from '../auth/request-user';
import type { SubscriptionStatusValue } from '../billing/subscription.entity';
import { recordActivity } from './activity.service';

/**
 * Households (docs/product-rules.md §16): every account has a personal one from its first moment
 * (a trigger on debtor makes it), and the account's current household is the one it works in.
 * Invitations are invitations.service's, membership changes members.service's.
 */
export type { HouseholdRole } from '../auth/request-user';

/**
 * Who asks, and the household their request answers for: the one their browser tab or API token
 * names, else the account's current one. A RequestUser is one.
 */
export type HouseholdCaller = Pick<RequestUser, 'id' | 'namedHouseholdId'>;

export interface HouseholdRow {
  id: string;
  name: string;
  personal: boolean;
  my_role: HouseholdRole;
  /** The household the request answers for (the tab's, else the account's current one). */
  current: boolean;
  /** The household owner's subscription status: it alone decides whether its data may change. */
  owner_status: SubscriptionStatusValue | null;
}

export interface MemberRow {
  household_id: string;
  debtor_id: number;
  first_name: string;
  last_name: string;
  email: string;
  role: HouseholdRole;
  joined_at: Date;
}

/** $1 the account, $2 the household its request names (null: the account's current one). */
const HOUSEHOLD_SELECT = `SELECT h.id, h.name, COALESCE(h.personal_of = m.debtor_id, false) AS personal, m.role AS my_role,
         h.id = COALESCE($2::uuid, d.current_household_id) AS current,
         (SELECT s.status FROM household_member o JOIN subscription s ON s.debtor_id = o.debtor_id
           WHERE o.household_id = h.id AND o.role = 'OWNER') AS owner_status
    FROM household_member m
    JOIN household h ON h.id = m.household_id
    JOIN debtor d ON d.id = m.debtor_id`;

/** Every household the account belongs to, the one the request answers for first. */
export async function householdsOf(db: Queryable, caller: HouseholdCaller): Promise<HouseholdRow[]> {
  return queryRows<HouseholdRow>(
    db,
    `${HOUSEHOLD_SELECT} WHERE m.debtor_id = $1
      ORDER BY (h.id = COALESCE($2::uuid, d.current_household_id)) DESC, h.created_at, h.id`,
    [caller.id, caller.namedHouseholdId ?? null],
  );
}

/**
 * The household a request answers for: the one its tab or token names (refused when the account
 * is not, or no longer, in it), else the account's current one.
 */
export async function requestHousehold(db: Queryable, caller: HouseholdCaller): Promise<HouseholdRow> {
  if (caller.namedHouseholdId === undefined) return currentHousehold(db, caller.id);
  const row = await queryOne<HouseholdRow>(db, `${HOUSEHOLD_SELECT} WHERE m.debtor_id = $1 AND h.id = $2`, [
    caller.id,
    caller.namedHouseholdId,
  ]);
  if (!row) throw notAMember();
  return row;
}

/** The account's personal household, as a row. */
export async function personalHousehold(db: Queryable, debtorId: number): Promise<HouseholdRow> {
  const row = await queryOne<HouseholdRow>(
    db,
    `${HOUSEHOLD_SELECT} WHERE m.debtor_id = $1 AND h.personal_of = $1`,
    [debtorId, null],
  );
  if (!row) throw new Error(`Account ${debtorId} has no personal household`);
  return row;
}

/** The account's personal household: the one made with it. */
export async function personalHouseholdId(db: Queryable, debtorId: number): Promise<string> {
  const row = await queryOne<{ id: string }>(db, 'SELECT id FROM household WHERE personal_of = $1', [
    debtorId,
  ]);
  if (!row) throw new Error(`Account ${debtorId} has no personal household`);
  return row.id;
}

/**
 * The account's current household (its personal one unless it switched). Should its membership of
 * it be gone (removed while switching to it), the personal household becomes current again.
 */
export async function currentHousehold(db: Queryable, debtorId: number): Promise<HouseholdRow> {
  const read = () =>
    queryOne<HouseholdRow>(
      db,
      `${HOUSEHOLD_SELECT} WHERE m.debtor_id = $1 AND h.id = d.current_household_id`,
      [debtorId, null],
    );
  const row = await read();
  if (row) return row;
  await queryRows(
    db,
    'UPDATE debtor SET current_household_id = (SELECT id FROM household WHERE personal_of = $1) WHERE id = $1',
    [debtorId],
  );
  const home = await read();
  if (!home) throw new Error(`Account ${debtorId} has no household`);
  return home;
}

/** The members of households the account belongs to (never of any other). */
export async function membersOf(
  db: Queryable,
  debtorId: number,
  householdIds: string[],
): Promise<MemberRow[]> {
  return queryRows<MemberRow>(
    db,
    `SELECT m.household_id, m.debtor_id, d.first_name, d.last_name, d.email, m.role, m.joined_at
       FROM household_member m JOIN debtor d ON d.id = m.debtor_id
      WHERE m.household_id = ANY($2::uuid[])
        AND m.household_id IN (SELECT household_id FROM household_member WHERE debtor_id = $1)
      ORDER BY (m.role = 'OWNER') DESC, m.joined_at, m.debtor_id`,
    [debtorId, householdIds],
  );
}

export const HOUSEHOLD_NAME_MESSAGE = 'The household name must be 1 to 60 characters';

/**
 * The household the request answers for, locked for a change only its owner may make (inside the
 * change's transaction); FORBIDDEN for any other role, saying what was refused.
 */
export async function requireOwner(
  db: Queryable,
  caller: HouseholdCaller,
  what: string,
): Promise<HouseholdRow> {
  // The household's row first, locked: a transfer or another change committing meanwhile is waited
  // for, so the role read next is the one that holds while this change is made.
  // Only a household the caller is in: a stranger naming one locks nothing of it.
  await queryRows(
    db,
    `SELECT h.id FROM debtor d
       JOIN household_member m ON m.debtor_id = d.id AND m.household_id = COALESCE($2::uuid, d.current_household_id)
       JOIN household h ON h.id = m.household_id
      WHERE d.id = $1 FOR UPDATE OF h`,
    [caller.id, caller.namedHouseholdId ?? null],
  );
  const current = await requestHousehold(db, caller);
  if (current.my_role !== 'OWNER') {
    throw new AppError(`Only the household's owner can ${what}.`, 'FORBIDDEN');
  }
  await answerWithin(db, current.id);
  return current;
}

/** Renames the request's household: its owner only. */
export async function renameHousehold(
  deps: AppDeps,
  caller: HouseholdCaller,
  rawName: string,
): Promise<HouseholdRow> {
  const name = rawName.trim().replace(/\s+/g, ' ');
  if (name.length < 1 || name.length > 60) throw badUserInput(HOUSEHOLD_NAME_MESSAGE, 'name');
  return deps.dataSource.transaction(async (m) => {
    const current = await requireOwner(m, caller, 'rename it');
    await queryRows(m, 'UPDATE household SET name = $2 WHERE id = $1', [current.id, name]);
    await recordActivity(m, current.id, caller.id, 'Renamed the household', name);
    return { ...current, name };
  });
}
