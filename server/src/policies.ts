import type { RequestUser } from './modules/auth/request-user';
import { queryOne } from './db/sql';
import { forbidden, subscriptionRequired, unauthenticated } from './errors';
import { subscriptionAllowsWrite } from './modules/billing/subscription-access';
import type { SubscriptionStatusValue } from './modules/billing/subscription.entity';
import type { RequestScope } from './request-scope';

/**
 * Who may do what, answered in one place for GraphQL and REST (both hand over a RequestScope).
 * Row ownership is enforced in each service's SQL (`WHERE debtor_id = $user`), so another user's id
 * reads as "not found".
 */
export function requireUser(ctx: RequestScope): RequestUser {
  if (!ctx.user) throw unauthenticated(ctx.authFailure ?? 'Sign in to continue');
  return ctx.user;
}

/** Signed in with a session (not an API token): for account and token management. */
export function requireSessionUser(ctx: RequestScope): RequestUser {
  const user = requireUser(ctx);
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
  const user = requireUser(ctx);
  if (user.scope !== 'READ_WRITE') throw forbidden('This API token is read-only');
  if (!subscriptionAllowsWrite(await subscriptionStatusOf(ctx, user.id))) throw subscriptionRequired();
  return user;
}
