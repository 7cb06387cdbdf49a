import pg from 'pg';
import { REQUEST_ACCOUNT_SQL } from '../modules/auth/request-user';

/**
 * Test support: the SQL statements the app sends while `action` runs, seen at the `pg` driver
 * (every TypeORM query, transaction control included). For tests that pin a statement count, such
 * as "constant whatever the number of rows"; run nothing else concurrently.
 */
export async function statementsDuring(action: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const original = pg.Client.prototype.query;
  const counting = function (this: pg.Client, ...args: unknown[]) {
    const [first] = args;
    statements.push(typeof first === 'string' ? first : String((first as { text?: string })?.text));
    return (original as (...inner: unknown[]) => unknown).apply(this, args);
  };
  pg.Client.prototype.query = counting as typeof original;
  try {
    await action();
  } finally {
    pg.Client.prototype.query = original;
  }
  return statements;
}

/** A read's statements named by what they do, for the analysis' and the forecast's cost tests. */
export function statementKind(sql: string): string {
  if (sql.startsWith('BEGIN; SET LOCAL ROLE')) return 'wall';
  if (sql === 'COMMIT') return 'commit';
  if (sql === REQUEST_ACCOUNT_SQL) return 'account';
  if (sql.includes('finance_snapshot(')) return 'snapshot';
  if (sql.startsWith('UPDATE debtor SET time_zone')) return 'zone';
  return sql;
}

/**
 * A request's lone statement as the driver sees it: in a transaction of its own, opened behind the
 * wall between households (db/household-wall.ts) in one round trip and committed in one. (The
 * snapshot read for an account puts itself behind the wall: it travels alone.)
 */
export function walled(kind: string): string[] {
  return ['wall', kind, 'commit'];
}
