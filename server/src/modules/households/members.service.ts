import { answerWithin } from '../../db/household-wall';
import type { AppDeps } from '../../deps';
import { queryOne, queryRows, type Queryable } from '../../db/sql';
import { AppError, badUserInput, notFound } from '../../errors';
import { recordActivity } from './activity.service';
import { roleWord } from './invitations.service';
import {
  currentHousehold,
  personalHousehold,
  requestHousehold,
  requireOwner,
  type HouseholdCaller,
  type HouseholdRole,
  type HouseholdRow,
  type MemberRow,
} from './households.service';

/**
 * Membership changes (docs/product-rules.md §16): switching, roles, removal, leaving and the
 * transfer of ownership, each one transaction that locks the household's row, so that two changes
 * at once never leave it without exactly one owner. They are never held back by a subscription.
 */
export const MEMBER_MESSAGES = {
  ownerStays: 'The owner cannot leave or be removed: transfer the household first.',
  personal: 'This is your own household: you cannot leave it.',
  ownerRole: 'Ownership moves by a transfer, with your password.',
  self: 'Choose another member.',
} as const;

async function lockHousehold(db: Queryable, householdId: string): Promise<void> {
  await queryRows(db, 'SELECT id FROM household WHERE id = $1 FOR UPDATE', [householdId]);
}

async function memberOf(db: Queryable, householdId: string, memberId: number): Promise<MemberRow> {
  const row = await queryOne<MemberRow>(
    db,
    `SELECT m.household_id, m.debtor_id, d.first_name, d.last_name, d.email, m.role, m.joined_at
       FROM household_member m JOIN debtor d ON d.id = m.debtor_id
      WHERE m.household_id = $1 AND m.debtor_id = $2`,
    [householdId, memberId],
  );
  if (!row) throw notFound('Member');
  return row;
}

/** The member's way back home: their personal household becomes current. */
async function returnHome(db: Queryable, debtorId: number, leftHouseholdId: string): Promise<void> {
  await queryRows(
    db,
    `UPDATE debtor SET current_household_id = (SELECT id FROM household WHERE personal_of = $1)
      WHERE id = $1 AND (current_household_id = $2 OR current_household_id IS NULL)`,
    [debtorId, leftHouseholdId],
  );
}

/** Makes another household the account belongs to its current one; any other id reads as not found. */
export async function switchHousehold(
  deps: AppDeps,
  debtorId: number,
  householdId: string,
): Promise<HouseholdRow> {
  return deps.dataSource.transaction(async (m) => {
    // The membership held (FOR SHARE) until the switch commits: a removal meanwhile waits for it,
    // and then sends the member home.
    const member = await queryOne<{ debtor_id: number }>(
      m,
      'SELECT debtor_id FROM household_member WHERE household_id = $2 AND debtor_id = $1 FOR SHARE',
      [debtorId, householdId],
    );
    if (!member) throw notFound('Household');
    await queryRows(m, 'UPDATE debtor SET current_household_id = $2 WHERE id = $1', [debtorId, householdId]);
    return currentHousehold(m, debtorId);
  });
}

/** Makes a member an editor or a viewer; the owner's own role moves only by a transfer. */
export async function changeMemberRole(
  deps: AppDeps,
  owner: HouseholdCaller,
  memberId: number,
  role: HouseholdRole,
): Promise<MemberRow> {
  return deps.dataSource.transaction(async (m) => {
    const household = await requireOwner(m, owner, 'change roles');
    await lockHousehold(m, household.id);
    const member = await memberOf(m, household.id, memberId);
    if (role === 'OWNER' || member.role === 'OWNER') throw badUserInput(MEMBER_MESSAGES.ownerRole, 'role');
    if (member.role === role) return member;
    await queryRows(m, 'UPDATE household_member SET role = $3 WHERE household_id = $1 AND debtor_id = $2', [
      household.id,
      memberId,
      role,
    ]);
    await recordActivity(
      m,
      household.id,
      owner.id,
      'Changed a role',
      `${member.first_name} is now ${roleWord(role) === 'editor' ? 'an editor' : 'a viewer'}`,
    );
    return { ...member, role };
  });
}

/** Removes a member: the rows they entered stay the household's, credited to them by name. */
export async function removeMember(deps: AppDeps, owner: HouseholdCaller, memberId: number): Promise<void> {
  await deps.dataSource.transaction(async (m) => {
    const household = await requireOwner(m, owner, 'remove members');
    await lockHousehold(m, household.id);
    const member = await memberOf(m, household.id, memberId);
    if (member.role === 'OWNER') throw badUserInput(MEMBER_MESSAGES.ownerStays, 'memberId');
    await queryRows(m, 'DELETE FROM household_member WHERE household_id = $1 AND debtor_id = $2', [
      household.id,
      memberId,
    ]);
    await returnHome(m, memberId, household.id);
    await recordActivity(
      m,
      household.id,
      owner.id,
      'Removed a member',
      `${member.first_name} ${member.last_name}`,
    );
  });
}

/** Leaves the request's household (never the owner, never one's own); answers the personal household. */
export async function leaveHousehold(deps: AppDeps, caller: HouseholdCaller): Promise<HouseholdRow> {
  const debtorId = caller.id;
  return deps.dataSource.transaction(async (m) => {
    const household = await requestHousehold(m, caller);
    await lockHousehold(m, household.id);
    const me = await memberOf(m, household.id, debtorId);
    if (me.role === 'OWNER') throw new AppError(MEMBER_MESSAGES.ownerStays, 'FORBIDDEN');
    if (household.personal) throw new AppError(MEMBER_MESSAGES.personal, 'FORBIDDEN');
    await answerWithin(m, household.id);
    await queryRows(m, 'DELETE FROM household_member WHERE household_id = $1 AND debtor_id = $2', [
      household.id,
      debtorId,
    ]);
    await returnHome(m, debtorId, household.id);
    await recordActivity(m, household.id, debtorId, 'Left the household', `${me.first_name} ${me.last_name}`);
    return personalHousehold(m, debtorId);
  });
}

/**
 * Makes another member the owner, once `confirm` has checked the owner's password (after the member
 * is found, so another household's member reads as not found; before the transaction, since the
 * check counts attempts on its own connection); the former owner stays an editor.
 * A personal household given away is no longer its former owner's own: they get a new, empty one
 * to come back to, and the household now follows its new owner's subscription.
 */
export async function transferOwnership(
  deps: AppDeps,
  owner: HouseholdCaller,
  memberId: number,
  confirm: () => Promise<unknown>,
): Promise<HouseholdRow> {
  const ownerId = owner.id;
  const current = await requireOwner(deps.dataSource, owner, 'transfer it');
  await memberOf(deps.dataSource, current.id, memberId);
  if (memberId === ownerId) throw badUserInput(MEMBER_MESSAGES.self, 'memberId');
  await confirm();
  return deps.dataSource.transaction(async (m) => {
    const household = await requireOwner(m, owner, 'transfer it');
    await lockHousehold(m, household.id);
    const member = await memberOf(m, household.id, memberId);
    // The former owner steps down first: one owner at every statement (a unique index holds it).
    await queryRows(
      m,
      `UPDATE household_member SET role = 'EDITOR' WHERE household_id = $1 AND debtor_id = $2`,
      [household.id, ownerId],
    );
    await queryRows(
      m,
      `UPDATE household_member SET role = 'OWNER' WHERE household_id = $1 AND debtor_id = $2`,
      [household.id, memberId],
    );
    if (household.personal) {
      await queryRows(m, 'UPDATE household SET personal_of = NULL WHERE id = $1', [household.id]);
      await queryRows(
        m,
        `WITH made AS (
           INSERT INTO household (name, personal_of)
           SELECT left(coalesce(nullif(first_name, ''), username) || '''s household', 60), id FROM debtor WHERE id = $1
           RETURNING id
         )
         INSERT INTO household_member (household_id, debtor_id, role) SELECT id, $1, 'OWNER' FROM made`,
        [ownerId],
      );
    }
    await recordActivity(
      m,
      household.id,
      ownerId,
      'Transferred the household',
      `${member.first_name} ${member.last_name} is now its owner`,
    );
    // The same household, the former owner now an editor of it.
    return requestHousehold(m, { id: ownerId, namedHouseholdId: household.id });
  });
}

/**
 * Deleting an account is refused while it owns a household others still use. Inside the deletion's
 * transaction the owned households are locked first, so an invitation accepted meanwhile is seen.
 */
export async function refuseSharedOwnership(db: Queryable, debtorId: number): Promise<void> {
  await queryRows(
    db,
    `SELECT id FROM household
      WHERE id IN (SELECT household_id FROM household_member WHERE debtor_id = $1 AND role = 'OWNER')
      FOR UPDATE`,
    [debtorId],
  );
  const shared = await queryOne<{ id: string }>(
    db,
    `SELECT o.household_id AS id FROM household_member o
      WHERE o.debtor_id = $1 AND o.role = 'OWNER'
        AND EXISTS (SELECT 1 FROM household_member x WHERE x.household_id = o.household_id AND x.debtor_id <> $1)
      LIMIT 1`,
    [debtorId],
  );
  if (shared) throw new AppError('Transfer the household first.', 'FORBIDDEN');
}

/** The households an account being deleted owns alone go with it (its personal one included). */
export async function deleteOwnedHouseholds(db: Queryable, debtorId: number): Promise<void> {
  await queryRows(
    db,
    `DELETE FROM household
      WHERE id IN (SELECT household_id FROM household_member WHERE debtor_id = $1 AND role = 'OWNER')`,
    [debtorId],
  );
}
