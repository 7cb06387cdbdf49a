import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../db/data-source';

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

/**
 * A new database on the server, migrated and then undone down to and including the migration named:
 * `test` sees the schema as it was before that migration, and the database is dropped after.
 */
export async function withDatabaseBefore(
  migration: string,
  test: (ds: DataSource) => Promise<void>,
): Promise<void> {
  const name = `truenet_migration_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await onServer(`CREATE DATABASE ${name}`);
  const target = new URL(process.env.TEST_DATABASE_URL as string);
  target.pathname = `/${name}`;
  const ds = createDataSource(target.toString(), { poolSize: 2 });
  try {
    await ds.initialize();
    await ds.runMigrations({ transaction: 'each' });
    await undoMigrationsThrough(ds, migration);
    await test(ds);
  } finally {
    if (ds.isInitialized) await ds.destroy();
    await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
