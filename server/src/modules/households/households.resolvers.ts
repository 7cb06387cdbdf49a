import type { Household, Resolvers } from '../../generated/graphql';
import { requireSessionUser, requireUser } from '../../policies';
import type { Queryable } from '../../db/sql';
import {
  currentHousehold,
  householdsOf,
  membersOf,
  renameHousehold,
  type HouseholdRow,
  type MemberRow,
} from './households.service';

/** A household as the API answers it; members' e-mails are for the owner's eyes. */
function presentHousehold(row: HouseholdRow, members: MemberRow[]): Household {
  return {
    id: row.id,
    name: row.name,
    personal: row.personal,
    myRole: row.my_role,
    members: members
      .filter((member) => member.household_id === row.id)
      .map((member) => ({
        id: String(member.debtor_id),
        firstName: member.first_name,
        lastName: member.last_name,
        email: row.my_role === 'OWNER' ? member.email : null,
        role: member.role,
        joinedAt: member.joined_at.toISOString(),
      })),
  };
}

async function withMembers(db: Queryable, debtorId: number, rows: HouseholdRow[]) {
  const members = await membersOf(
    db,
    debtorId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentHousehold(row, members));
}

/** GraphQL adapters of households (docs/product-rules.md §16). */
export const householdsResolvers: Resolvers = {
  Query: {
    household: async (_parent, _args, ctx) => {
      const user = await requireUser(ctx);
      const [household] = await withMembers(ctx.deps.dataSource, user.id, [
        await currentHousehold(ctx.deps.dataSource, user.id),
      ]);
      return household as Household;
    },
    households: async (_parent, _args, ctx) => {
      const user = await requireUser(ctx);
      const rows = await householdsOf(ctx.deps.dataSource, user.id);
      const households = await withMembers(ctx.deps.dataSource, user.id, rows);
      return rows.map((row, index) => ({
        household: households[index] as Household,
        role: row.my_role,
        current: row.current,
      }));
    },
  },
  Mutation: {
    // Membership and the household's name are never held back by the subscription (product rules §16).
    // A session only: API tokens cannot manage the account or its household.
    renameHousehold: async (_parent, { name }, ctx) => {
      const user = await requireSessionUser(ctx);
      const row = await renameHousehold(ctx.deps, user.id, name);
      const [household] = await withMembers(ctx.deps.dataSource, user.id, [row]);
      return household as Household;
    },
  },
};
