import {
  notAMember,
  provenAccount,
  type HouseholdAccess,
  type Ledger,
  type RequestUser,
} from './modules/auth/request-user';
import { answerForHousehold } from './db/household-wall';
import { AppError, forbidden, subscriptionRequired, unauthenticated } from './errors';
import { subscriptionAllowsWrite } from './modules/billing/subscription-access';
import type { RequestScope } from './request-scope';

/**
 * Who may do what, answered in one place for GraphQL and REST (both hand over a RequestScope).
 * Finance data belongs to a household: every service's SQL carries `household_id = $household`
 * (the one this request answers for), so another household's id reads as "not found", and the
 * caller's role there is read from the database with the account, on every request.
 */

/** A caller proven to be a member of the household the request answers for. */
export interface Member extends RequestUser {
  household: HouseholdAccess;
}

export const VIEWER_MESSAGE = 'Your role in this household is viewer: ask its owner to make you an editor.';
/**
 * The caller the credential names, whose account may not be proven yet: only for a read whose own
 * statement proves it (the analysis and the forecast read their snapshot through the account row).
 */
export function requireCaller(ctx: RequestScope): RequestUser {
  if (!ctx.user) throw unauthenticated(ctx.authFailure ?? 'Sign in to continue');
  return ctx.user;
}

/** A signed-in caller whose account exists; proving it is one statement, once per request. */
export async function requireUser(ctx: RequestScope): Promise<RequestUser> {
  const caller = requireCaller(ctx);
  if (caller.accountChecked) {
    answerForHousehold(caller.household?.id ?? null);
    return caller;
  }
  // One promise per request: the root fields of one document resolve side by side.
  let proving = ctx.cache.get('account') as Promise<RequestUser> | undefined;
  if (!proving) {
    proving = provenAccount(ctx.deps.dataSource, caller);
    ctx.cache.set('account', proving);
  }
  const user = await proving;
  ctx.user = user;
  return user;
}

/** The signed-in caller whose account exists, or null (anonymous, or a credential that was refused). */
export async function optionalUser(ctx: RequestScope): Promise<RequestUser | null> {
  if (!ctx.user) return null;
  return requireUser(ctx).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'UNAUTHENTICATED') return null;
    throw error;
  });
}

/** Signed in with a session (not an API token): for account and token management. */
export async function requireSessionUser(ctx: RequestScope): Promise<RequestUser> {
  const user = await requireUser(ctx);
  if (user.via !== 'session') throw forbidden('API tokens cannot manage the account');
  return user;
}

/** A session of a member: what binds a new API token or calendar feed to the household it is made in. */
export async function requireSessionMember(ctx: RequestScope): Promise<Member> {
  const user = await requireSessionUser(ctx);
  if (!user.household) throw notAMember();
  return user as Member;
}

/** May read the household's finance data: any member. */
export async function requireMember(ctx: RequestScope): Promise<Member> {
  const user = await requireUser(ctx);
  if (!user.household) throw notAMember();
  return user as Member;
}

/**
 * May change the household's finance data: a write-scoped credential, a role above viewer, and the
 * household owner's subscription allowing writes (a member needs none of their own).
 */
export async function requireWriter(ctx: RequestScope): Promise<Member> {
  const member = await requireMember(ctx);
  if (member.scope !== 'READ_WRITE') throw forbidden('This API token is read-only');
  if (member.household.role === 'VIEWER') throw forbidden(VIEWER_MESSAGE);
  if (!subscriptionAllowsWrite(member.household.ownerSubscription)) throw subscriptionRequired();
  return member;
}

/**
 * After a change of the caller's own household (a switch, joining, leaving, a transfer): a later
 * field of the same request answers for `householdId`, reading the account and its role there again.
 */
export function answerFor(ctx: RequestScope, householdId: string): void {
  ctx.cache.delete('account');
  if (ctx.user) {
    ctx.user = { ...ctx.user, accountChecked: false, household: undefined, namedHouseholdId: householdId };
  }
  answerForHousehold(null);
}

/** What a change by this member records: the household's data, and who made it. */
export function ledgerOf(member: Member): Ledger {
  return { householdId: member.household.id, memberId: member.id };
}
