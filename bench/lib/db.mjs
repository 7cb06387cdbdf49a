/**
 * The bench databases: fresh `truenet_bench_<ts>_<suffix>` databases created on the PostgreSQL
 * server of BENCH_DATABASE_URL (default: the local one, as postgres) and dropped at the end unless
 * BENCH_KEEP=1. The schema comes from the project's own migrations, run through the server's build.
 */
import { fromServer, serverRequire } from './paths.mjs';

const pg = serverRequire('pg');
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const STAMP = new Date().toISOString().replace(/\D/g, '').slice(0, 14);

export function pgClient(url) {
  return new pg.Client({ connectionString: url });
}

export async function withClient(url, fn) {
  const client = pgClient(url);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function openBenchDatabase(suffix = 'db') {
  const name = `truenet_bench_${STAMP}_${suffix}`;
  await withClient(ADMIN_URL, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
  return {
    url,
    name,
    /** Drops the database (unless BENCH_KEEP=1); true when dropped. */
    async drop() {
      if (process.env.BENCH_KEEP === '1') return false;
      await withClient(ADMIN_URL, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      return true;
    },
  };
}

/** Runs the project's migrations with the server's own DataSource factory. */
export async function migrate(url) {
  const { createDataSource } = fromServer('db/data-source.js');
  const dataSource = createDataSource(url, { poolSize: 1 });
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await dataSource.destroy();
  }
}
