import { queryOne, type Queryable } from '../db/sql';
/**
 * Test support of the security suite. Not a test file itself.
 */

export interface MountedRoute {
  method: string;
  path: string;
}

interface Layer {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/**
 * The routes of an Express router, read from its stack (nested routers included), so that a test
 * covers every mounted path, a new one included, without a list kept by hand.
 */
export function mountedRoutes(router: { stack: unknown[] }): MountedRoute[] {
  const walk = (stack: Layer[]): MountedRoute[] =>
    stack.flatMap((layer) => {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        return paths.flatMap((path) =>
          Object.keys(layer.route!.methods)
            .filter((method) => method !== '_all')
            .map((method) => ({ method: method.toUpperCase(), path: String(path) })),
        );
      }
      return layer.handle?.stack ? walk(layer.handle.stack) : [];
    });
  return walk(router.stack as Layer[]);
}

/** A wallet's stored balance and the signed sum of its register entries, in cents. */
export async function walletLedger(
  db: Queryable,
  walletId: string | number,
): Promise<{ balance: number; signedEntries: number; entries: number }> {
  const row = await queryOne<{ balance: string; signed: string; entries: string }>(
    db,
    `SELECT w.balance_cents AS balance,
            coalesce(sum(CASE r.direction WHEN 'deposited' THEN r.amount_cents ELSE -r.amount_cents END), 0) AS signed,
            count(r.id) AS entries
       FROM wallet w LEFT JOIN register_entry r ON r.wallet_id = w.id
      WHERE w.id = $1
      GROUP BY w.id`,
    [Number(walletId)],
  );
  if (!row) throw new Error(`no wallet ${walletId}`);
  return { balance: Number(row.balance), signedEntries: Number(row.signed), entries: Number(row.entries) };
}
