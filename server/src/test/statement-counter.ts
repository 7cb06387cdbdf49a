import pg from 'pg';

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
