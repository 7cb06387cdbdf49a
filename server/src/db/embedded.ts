import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedPostgres {
  url: string;
  /** The data directory as a gzipped tarball, taken between two statements: a consistent backup. */
  dump(): Promise<Uint8Array>;
  stop(): Promise<void>;
}

/**
 * Runs PGlite in this process and serves it over the PostgreSQL wire protocol on loopback, so the
 * app talks to it with the same `pg` driver and migrations as to a real server. PGlite runs one
 * query at a time; callers keep their pool at one connection so transactions stay whole.
 */
export async function startEmbeddedPostgres(
  dataDir: string | undefined,
  port = 0,
): Promise<EmbeddedPostgres> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir);
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 4 });
  await server.start();
  // getServerConn() answers host:port with the port actually bound.
  const conn = server.getServerConn();
  return {
    url: `postgresql://postgres:postgres@${conn}/postgres?sslmode=disable`,
    async dump() {
      return new Uint8Array(await (await db.dumpDataDir('gzip')).arrayBuffer());
    },
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
