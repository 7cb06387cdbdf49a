import { Client } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * Test support for tests that need a database of their own on TEST_DATABASE_URL's server (those
 * that undo migrations would pull the schema from under the other test files).
 */

/** Runs one statement on the server itself (CREATE DATABASE, DROP DATABASE). */
export async function onServer(sql: string): Promise<void> {
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Undoes migrations, newest first, down to and including the one named. */
export async function undoMigrationsThrough(ds: DataSource, name: string): Promise<void> {
  for (;;) {
    const [last] = (await ds.query('SELECT name FROM typeorm_migrations ORDER BY id DESC LIMIT 1')) as {
      name: string;
    }[];
    await ds.undoLastMigration({ transaction: 'each' });
    if (last!.name === name) return;
  }
}
