import { randomBytes } from 'node:crypto';
import { EMAIL_MAX, EMAIL_PATTERN } from '@truenet/core';
import { answerWithin } from '../../db/household-wall';
import type { AppDeps } from '../../deps';
import { queryOne, queryRows, type Queryable } from '../../db/sql';
import { AppError, badUserInput, notFound } from '../../errors';
import { consumeRateLimit, RATE_LIMITS } from '../../rate-limit';
import { hashSecret } from '../../secret-hash';
import { isUnverified } from '../accounts/debtor.entity';
import { sendAfterCommit } from '../mail/mailer';
import { householdInvitationMail } from '../mail/templates';
import { recordActivity } from './activity.service';
import {
  currentHousehold,
  requireOwner,
  type HouseholdCaller,
  type HouseholdRole,
  type HouseholdRow,
} from './households.service';

/**
 * Invitations to a household (docs/product-rules.md §16): its owner's only; a random 256-bit token
 * mailed as a link and kept as its SHA-256; single use, 7 days, for one e-mail address (compared
 * without case). A new person signs up from the link without a checkout and joins once their
 * address is verified.
 */
export const INVITATION_DAYS = 7;
export const MAX_MEMBERS = 6;
export const MAX_PENDING_INVITATIONS = 10;

export const INVITATION_MESSAGES = {
  unknown: 'This invitation link is not valid. Ask for a new one.',
  expired: 'This invitation has expired. Ask the household’s owner for a new one.',
  revoked: 'This invitation was withdrawn. Ask the household’s owner for a new one.',
  used: 'This invitation has already been used.',
  otherAddress: 'This invitation is for another e-mail address. Sign in with the invited address.',
  unverified: 'Verify your e-mail address first: the invitation is for that address.',
  alreadyMember: 'You are already a member of this household.',
  full: `A household has at most ${MAX_MEMBERS} members.`,
  pending: `A household has at most ${MAX_PENDING_INVITATIONS} pending invitations: withdraw one first.`,
  memberAlready: 'That person is already a member of this household.',
  ownerRole: 'Invite as an editor or a viewer: ownership moves by a transfer.',
  inviterUnverified: 'Verify your e-mail address before you invite anyone.',
} as const;

export interface InvitationRow {
  id: string;
  household_id: string;
  email: string;
  role: HouseholdRole;
  invited_by_name: string;
  expires_at: Date;
}

const INVITATION_COLUMNS = 'i.id, i.household_id, i.email, i.role, i.invited_by_name, i.expires_at';

/** The household's pending invitations (live and not expired), newest first. */
export async function pendingInvitations(
  db: Queryable,
  householdIds: string[],
  now: Date,
): Promise<InvitationRow[]> {
  return queryRows<InvitationRow>(
    db,
    `SELECT ${INVITATION_COLUMNS} FROM household_invitation i
      WHERE i.household_id = ANY($1::uuid[]) AND i.revoked_at IS NULL AND i.accepted_at IS NULL
        AND i.expires_at > $2
      ORDER BY i.created_at DESC, i.id`,
    [householdIds, now],
  );
}

function normalizedEmail(raw: string): string {
  const email = raw.trim();
  if (email.length === 0 || email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) {
    throw badUserInput('Enter a valid e-mail address', 'email');
  }
  return email;
}

/**
 * Invites a person to the request's household: a new link replaces a pending one to the same
 * address. The mail goes after the commit; a failed mail leaves the invitation, which can be sent again.
 */
export async function inviteMember(
  deps: AppDeps,
  owner: HouseholdCaller,
  rawEmail: string,
  role: HouseholdRole,
): Promise<InvitationRow> {
  const ownerId = owner.id;
  // Who may invite first: another member is told that, whatever they typed. (The rate limit counts
  // on its own connection, so it is spent before the transaction takes one.)
  const inviter = await queryOne<{ status: number }>(
    deps.dataSource,
    'SELECT status FROM debtor WHERE id = $1',
    [ownerId],
  );
  // Mail goes out in the inviter's name: only from an address that has been proven.
  if (!inviter || isUnverified(inviter.status))
    throw new AppError(INVITATION_MESSAGES.inviterUnverified, 'FORBIDDEN');
  await requireOwner(deps.dataSource, owner, 'invite members');
  const email = normalizedEmail(rawEmail);
  if (role === 'OWNER') throw badUserInput(INVITATION_MESSAGES.ownerRole, 'role');
  await consumeRateLimit(deps.dataSource, RATE_LIMITS.householdInvite, ownerId);
  const now = deps.clock.now();
  const token = randomBytes(32).toString('base64url');
  const { invitation, household } = await deps.dataSource.transaction(async (m) => {
    const household = await requireOwner(m, owner, 'invite members');
    // Serializes the owner's membership changes, so the limits hold under concurrent invites.
    await queryRows(m, 'SELECT id FROM household WHERE id = $1 FOR UPDATE', [household.id]);
    const counts = await queryOne<{ members: string; pending: string; member_already: boolean }>(
      m,
      `SELECT (SELECT count(*) FROM household_member WHERE household_id = $1) AS members,
              (SELECT count(*) FROM household_invitation
                WHERE household_id = $1 AND revoked_at IS NULL AND accepted_at IS NULL AND expires_at > $3
                  AND lower(email) <> lower($2)) AS pending,
              EXISTS (SELECT 1 FROM household_member hm JOIN debtor d ON d.id = hm.debtor_id
                       WHERE hm.household_id = $1 AND lower(d.email) = lower($2)) AS member_already`,
      [household.id, email, now],
    );
    if (counts?.member_already) throw badUserInput(INVITATION_MESSAGES.memberAlready, 'email');
    if (Number(counts?.members) >= MAX_MEMBERS) throw badUserInput(INVITATION_MESSAGES.full, 'email');
    if (Number(counts?.pending) >= MAX_PENDING_INVITATIONS) {
      throw badUserInput(INVITATION_MESSAGES.pending, 'email');
    }
    await queryRows(
      m,
      `UPDATE household_invitation SET revoked_at = $3
        WHERE household_id = $1 AND lower(email) = lower($2) AND revoked_at IS NULL AND accepted_at IS NULL`,
      [household.id, email, now],
    );
    const invitation = (await queryOne<InvitationRow>(
      m,
      `INSERT INTO household_invitation AS i (household_id, email, role, token_hash, invited_by, invited_by_name,
                                             created_at, expires_at)
       SELECT $1, $2, $3, $4, d.id, d.first_name, $6, $6::timestamptz + make_interval(days => $7)
         FROM debtor d WHERE d.id = $5
       RETURNING ${INVITATION_COLUMNS}`,
      [household.id, email, role, hashSecret(token), ownerId, now, INVITATION_DAYS],
    )) as InvitationRow;
    // The address is the owner's to see: the activity, which every member reads, names the role only.
    await recordActivity(m, household.id, ownerId, 'Invited a member', `as ${roleWord(role)}`);
    return { invitation, household };
  });
  const link = `${deps.config.appUrl}/#/invitation/${token}`;
  await sendAfterCommit(
    deps,
    householdInvitationMail({
      to: email,
      invitedBy: invitation.invited_by_name,
      householdName: household.name,
      role: roleWord(role),
      link,
      validDays: INVITATION_DAYS,
    }),
    { householdId: household.id, mail: 'household invitation' },
  );
  return invitation;
}

export function roleWord(role: HouseholdRole): string {
  return role === 'OWNER' ? 'owner' : role === 'EDITOR' ? 'editor' : 'viewer';
}

/** Withdraws a pending invitation of the request's household; another household's reads as not found. */
export async function revokeInvitation(
  deps: AppDeps,
  owner: HouseholdCaller,
  invitationId: string,
): Promise<void> {
  await deps.dataSource.transaction(async (m) => {
    const household = await requireOwner(m, owner, 'withdraw invitations');
    const row = await queryOne<{ role: HouseholdRole }>(
      m,
      `UPDATE household_invitation SET revoked_at = $3
        WHERE id = $1 AND household_id = $2 AND revoked_at IS NULL AND accepted_at IS NULL RETURNING role`,
      [invitationId, household.id, deps.clock.now()],
    );
    if (!row) throw notFound('Invitation');
    await recordActivity(m, household.id, owner.id, 'Withdrew an invitation', `to ${roleWord(row.role)}`);
  });
}

interface StoredInvitation extends InvitationRow {
  household_name: string;
  revoked_at: Date | null;
  accepted_at: Date | null;
}

async function invitationByToken(db: Queryable, token: string, lock = false): Promise<StoredInvitation> {
  const row = /^[A-Za-z0-9_-]{43}$/.test(token)
    ? await queryOne<StoredInvitation>(
        db,
        `SELECT ${INVITATION_COLUMNS}, h.name AS household_name, i.revoked_at, i.accepted_at
           FROM household_invitation i JOIN household h ON h.id = i.household_id
          WHERE i.token_hash = $1${lock ? ' FOR UPDATE OF i' : ''}`,
        [hashSecret(token)],
      )
    : undefined;
  if (!row) throw new AppError(INVITATION_MESSAGES.unknown, 'NOT_FOUND');
  return row;
}

/** Why an invitation can no longer be used, or null while it can. */
function spentReason(row: StoredInvitation, now: Date): string | null {
  if (row.accepted_at) return INVITATION_MESSAGES.used;
  if (row.revoked_at) return INVITATION_MESSAGES.revoked;
  if (row.expires_at <= now) return INVITATION_MESSAGES.expired;
  return null;
}

export interface InvitationPreviewRow {
  householdName: string;
  invitedBy: string;
  role: HouseholdRole;
  email: string;
  expired: boolean;
}

/** What the invitation page shows before anyone signs in. */
export async function previewInvitation(deps: AppDeps, token: string): Promise<InvitationPreviewRow> {
  const row = await invitationByToken(deps.dataSource, token);
  return {
    householdName: row.household_name,
    invitedBy: row.invited_by_name,
    role: row.role,
    email: row.email,
    expired: spentReason(row, deps.clock.now()) !== null,
  };
}

/**
 * The invitation a sign-up names, checked for its address: the new account skips the checkout
 * (the household's access follows its owner's subscription). Nothing is used up here.
 */
export async function invitationForSignUp(deps: AppDeps, token: string, email: string): Promise<void> {
  const row = await invitationByToken(deps.dataSource, token).catch(() => {
    throw badUserInput(INVITATION_MESSAGES.unknown, 'invitationToken');
  });
  const reason = spentReason(row, deps.clock.now());
  if (reason) throw badUserInput(reason, 'invitationToken');
  if (row.email.toLowerCase() !== email.trim().toLowerCase()) {
    throw badUserInput('Sign up with the invited e-mail address.', 'email');
  }
}

/**
 * Joins the invitation's household as its role and makes it current, in one transaction that
 * locks the invitation: two accepts at once make one membership, the second is told it was used.
 */
export async function acceptInvitation(
  deps: AppDeps,
  debtorId: number,
  token: string,
): Promise<HouseholdRow> {
  return deps.dataSource.transaction(async (m) => {
    // The household's row, then the invitation's, in the order an invite takes them (no deadlock).
    const found = await invitationByToken(m, token);
    await queryRows(m, 'SELECT id FROM household WHERE id = $1 FOR UPDATE', [found.household_id]);
    const invitation = await invitationByToken(m, token, true);
    const reason = spentReason(invitation, deps.clock.now());
    if (reason) throw badUserInput(reason, 'token');
    const account = await queryOne<{ email: string; status: number; first_name: string }>(
      m,
      'SELECT email, status, first_name FROM debtor WHERE id = $1',
      [debtorId],
    );
    if (!account || account.email.toLowerCase() !== invitation.email.toLowerCase()) {
      throw new AppError(INVITATION_MESSAGES.otherAddress, 'FORBIDDEN');
    }
    if (isUnverified(account.status)) throw new AppError(INVITATION_MESSAGES.unverified, 'FORBIDDEN');
    const members = await queryOne<{ count: string; mine: boolean }>(
      m,
      `SELECT count(*) AS count, bool_or(debtor_id = $2) AS mine FROM household_member WHERE household_id = $1`,
      [invitation.household_id, debtorId],
    );
    if (members?.mine) throw badUserInput(INVITATION_MESSAGES.alreadyMember, 'token');
    if (Number(members?.count) >= MAX_MEMBERS) throw badUserInput(INVITATION_MESSAGES.full, 'token');
    await queryRows(m, 'INSERT INTO household_member (household_id, debtor_id, role) VALUES ($1, $2, $3)', [
      invitation.household_id,
      debtorId,
      invitation.role,
    ]);
    await queryRows(m, 'UPDATE household_invitation SET accepted_at = $2, accepted_by = $3 WHERE id = $1', [
      invitation.id,
      deps.clock.now(),
      debtorId,
    ]);
    await queryRows(m, 'UPDATE debtor SET current_household_id = $2 WHERE id = $1', [
      debtorId,
      invitation.household_id,
    ]);
    await answerWithin(m, invitation.household_id);
    await recordActivity(m, invitation.household_id, debtorId, 'Joined', `as ${roleWord(invitation.role)}`);
    return currentHousehold(m, debtorId);
  });
}
