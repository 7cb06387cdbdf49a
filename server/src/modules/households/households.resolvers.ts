import type { Household, HouseholdMember, Resolvers } from '../../generated/graphql';
import { answerFor, requireMember, requireSessionUser, requireUser } from '../../policies';
import type { Queryable } from '../../db/sql';
import { badUserInput } from '../../errors';
import { rowId, uuidRowId } from '../../input/row-id';
import { confirmPassword } from '../accounts/accounts.service';
import { subscriptionAllowsWrite } from '../billing/subscription-access';
import { ACTIVITY_LIMIT_MAX, householdActivity } from './activity.service';
import {
  acceptInvitation,
  inviteMember,
  pendingInvitations,
  previewInvitation,
  revokeInvitation,
  type InvitationRow,
} from './invitations.service';
import {
  changeMemberRole,
  leaveHousehold,
  removeMember,
  switchHousehold,
  transferOwnership,
} from './members.service';
import {
  requestHousehold,
  householdsOf,
  membersOf,
  renameHousehold,
  type HouseholdRow,
  type MemberRow,
} from './households.service';

function presentMember(member: MemberRow, forOwner: boolean): HouseholdMember {
  return {
    id: String(member.debtor_id),
    firstName: member.first_name,
    lastName: member.last_name,
    email: forOwner ? member.email : null,
    role: member.role,
    joinedAt: member.joined_at.toISOString(),
  };
}

/** A household as the API answers it; members' e-mails and the invitations are for the owner's eyes. */
function presentHousehold(row: HouseholdRow, members: MemberRow[], invitations: InvitationRow[]): Household {
  const owner = row.my_role === 'OWNER';
  return {
    id: row.id,
    name: row.name,
    personal: row.personal,
    myRole: row.my_role,
    canWrite: row.my_role !== 'VIEWER' && subscriptionAllowsWrite(row.owner_status),
    members: members
      .filter((member) => member.household_id === row.id)
      .map((member) => presentMember(member, owner)),
    invitations: owner
      ? invitations
          .filter((invitation) => invitation.household_id === row.id)
          .map((invitation) => ({
            id: invitation.id,
            email: invitation.email,
            role: invitation.role,
            expiresAt: invitation.expires_at.toISOString(),
            invitedBy: invitation.invited_by_name,
          }))
      : [],
  };
}

async function withMembers(db: Queryable, now: Date, debtorId: number, rows: HouseholdRow[]) {
  const ids = rows.map((row) => row.id);
  const owned = rows.filter((row) => row.my_role === 'OWNER').map((row) => row.id);
  const [members, invitations] = await Promise.all([
    membersOf(db, debtorId, ids),
    owned.length > 0 ? pendingInvitations(db, owned, now) : Promise.resolve([]),
  ]);
  return rows.map((row) => presentHousehold(row, members, invitations));
}

async function presentOne(
  ctx: { deps: { dataSource: Queryable; clock: { now(): Date } } },
  debtorId: number,
  row: HouseholdRow,
) {
  const [household] = await withMembers(ctx.deps.dataSource, ctx.deps.clock.now(), debtorId, [row]);
  return household as Household;
}

function memberId(value: string): number {
  return rowId(value, 'Member');
}

/** GraphQL adapters of households (docs/product-rules.md §16). */
export const householdsResolvers: Resolvers = {
  Query: {
    household: async (_parent, _args, ctx) => {
      const user = await requireUser(ctx);
      return presentOne(ctx, user.id, await requestHousehold(ctx.deps.dataSource, user));
    },
    households: async (_parent, _args, ctx) => {
      const user = await requireUser(ctx);
      const rows = await householdsOf(ctx.deps.dataSource, user);
      const households = await withMembers(ctx.deps.dataSource, ctx.deps.clock.now(), user.id, rows);
      return rows.map((row, index) => ({
        household: households[index] as Household,
        role: row.my_role,
        current: row.current,
      }));
    },
    // Needs no sign-in: the page shows who invites to what before anyone signs in or up.
    invitation: async (_parent, { token }, ctx) => previewInvitation(ctx.deps, token),
    householdActivity: async (_parent, { limit }, ctx) => {
      const member = await requireMember(ctx);
      const wanted = limit ?? 50;
      if (!Number.isInteger(wanted) || wanted < 1 || wanted > ACTIVITY_LIMIT_MAX) {
        throw badUserInput(`Ask for 1 to ${ACTIVITY_LIMIT_MAX} entries`, 'limit');
      }
      const rows = await householdActivity(ctx.deps.dataSource, member.household.id, wanted);
      return rows.map((row) => ({
        at: row.at.toISOString(),
        who: row.who ?? '',
        action: row.action,
        summary: row.summary,
      }));
    },
  },
  Mutation: {
    // Membership and the household's name are never held back by the subscription (product rules §16).
    // A session only: API tokens cannot manage the account or its household.
    renameHousehold: async (_parent, { name }, ctx) => {
      const user = await requireSessionUser(ctx);
      return presentOne(ctx, user.id, await renameHousehold(ctx.deps, user, name));
    },
    switchHousehold: async (_parent, { id }, ctx) => {
      const user = await requireSessionUser(ctx);
      const row = await switchHousehold(ctx.deps, user.id, uuidRowId(id, 'Household'));
      answerFor(ctx, row.id);
      return presentOne(ctx, user.id, row);
    },
    inviteMember: async (_parent, { email, role }, ctx) => {
      const user = await requireSessionUser(ctx);
      const row = await inviteMember(ctx.deps, user, email, role);
      return {
        id: row.id,
        email: row.email,
        role: row.role,
        expiresAt: row.expires_at.toISOString(),
        invitedBy: row.invited_by_name,
      };
    },
    revokeInvitation: async (_parent, { id }, ctx) => {
      const user = await requireSessionUser(ctx);
      await revokeInvitation(ctx.deps, user, uuidRowId(id, 'Invitation'));
      return true;
    },
    acceptInvitation: async (_parent, { token }, ctx) => {
      const user = await requireSessionUser(ctx);
      const row = await acceptInvitation(ctx.deps, user.id, token);
      answerFor(ctx, row.id);
      return presentOne(ctx, user.id, row);
    },
    changeMemberRole: async (_parent, { memberId: id, role }, ctx) => {
      const user = await requireSessionUser(ctx);
      const member = await changeMemberRole(ctx.deps, user, memberId(id), role);
      return presentMember(member, true);
    },
    removeMember: async (_parent, { memberId: id }, ctx) => {
      const user = await requireSessionUser(ctx);
      await removeMember(ctx.deps, user, memberId(id));
      return true;
    },
    leaveHousehold: async (_parent, _args, ctx) => {
      const user = await requireSessionUser(ctx);
      const row = await leaveHousehold(ctx.deps, user);
      answerFor(ctx, row.id);
      return presentOne(ctx, user.id, row);
    },
    transferOwnership: async (_parent, { memberId: id, password }, ctx) => {
      const user = await requireSessionUser(ctx);
      const confirm = () => confirmPassword(ctx.deps, user.id, password, 'password');
      const row = await transferOwnership(ctx.deps, user, memberId(id), confirm);
      answerFor(ctx, row.id);
      return presentOne(ctx, user.id, row);
    },
  },
};
