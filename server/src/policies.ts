import { provenAccount, type RequestUser } from './modules/auth/request-user';
import { queryOne } from './db/sql';
import { AppError, forbidden, subscriptionRequired, unauthenticated } from './errors';
import { subscriptionAllowsWrite } from './modules/billing/subscription-access';
import type { SubscriptionStatusValue } from './modules/billing/subscription.entity';
import type { RequestScope } from './request-scope';

/**
 * Who may do what, answered in one place for GraphQL and REST (both hand over a RequestScope).
 * Row ownership is enforced in each service's SQL (`WHERE debtor_id = $user`), so another user's id
 * reads as "not found".
 */
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
  if (caller.accountChecked) return caller;
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

export async function subscriptionStatusOf(ctx: RequestScope, debtorId: number) {
  if (ctx.user?.id === debtorId && ctx.user.subscriptionStatus !== undefined)
    return ctx.user.subscriptionStatus;
  const key = `subscription:${debtorId}`;
  if (!ctx.cache.has(key)) {
    const row = await queryOne<{ status: SubscriptionStatusValue }>(
      ctx.deps.dataSource,
      'SELECT status FROM subscription WHERE debtor_id = $1',
      [debtorId],
    );
    ctx.cache.set(key, row?.status ?? null);
  }
  return ctx.cache.get(key) as SubscriptionStatusValue | null;
}

/** May change financial data: a write-scoped credential and a subscription that allows writes. */
export async function requireWriter(ctx: RequestScope): Promise<RequestUser> {
  const user = await requireUser(ctx);
  if (user.scope !== 'READ_WRITE') throw forbidden('This API token is read-only');
  if (!subscriptionAllowsWrite(await subscriptionStatusOf(ctx, user.id))) throw subscriptionRequired();
  return user;
}
