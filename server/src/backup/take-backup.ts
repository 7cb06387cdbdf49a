import { spawn } from 'node:child_process';
import { renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import {
  backupFileName,
  ensureDir,
  readBackupName,
  writeChecksum,
  type BackupFile,
  type BackupKind,
} from './backup-files';

/** Where a backup's data comes from: the embedded database in this process, or a PostgreSQL server. */
export type BackupSource =
  | { kind: Extract<BackupKind, 'embedded'>; dump(): Promise<Uint8Array> }
  | { kind: Extract<BackupKind, 'postgres'>; url: string };

export interface TakenBackup extends BackupFile {
  bytes: number;
}

/** The timestamp of the last migration the database has run: a backup's schema version. */
export async function schemaVersionOf(dataSource: DataSource): Promise<number> {
  const [row] = (await dataSource.query(
    'SELECT max("timestamp")::text AS version FROM typeorm_migrations',
  )) as {
    version: string | null;
  }[];
  return Number(row?.version ?? 0);
}

/**
 * Whether a database holds people's records: an account. The migrations fill some reference rows
 * themselves, so a freshly migrated database holds none (nothing to back up, nothing a restore
 * would replace).
 */
export async function holdsAccounts(dataSource: DataSource): Promise<boolean> {
  const [row] = (await dataSource.query('SELECT EXISTS (SELECT 1 FROM debtor) AS any')) as { any: boolean }[];
  return Boolean(row?.any);
}

/**
 * One consistent backup into `dir`: the embedded database's data directory as PGlite writes it
 * between two statements (never the secrets key beside it), or `pg_dump` in its custom format
 * (one snapshot of the whole database). Written under a temporary name and renamed once complete,
 * so that an interrupted backup never looks like one; then its checksum beside it.
 */
export async function takeBackup(
  dataSource: DataSource,
  source: BackupSource,
  dir: string,
  now: Date,
  progress: (line: string) => void = () => undefined,
): Promise<TakenBackup> {
  ensureDir(dir);
  const file = path.join(dir, backupFileName(source.kind, now, await schemaVersionOf(dataSource)));
  const partial = `${file}.partial`;
  try {
    if (source.kind === 'embedded') writeFileSync(partial, await source.dump());
    else await pgDump(source.url, partial, progress);
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  await writeChecksum(file);
  return { ...readBackupName(file)!, bytes: statSync(file).size };
}

/** Runs a PostgreSQL client tool, passing on each table it reports as progress. */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], progress: (line: string) => void) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(tool, ['--verbose', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    let tables = 0;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) {
        if (/dumping contents of table|processing data for table/.test(line)) {
          tables += 1;
          if (tables % 10 === 0) progress(`  ${tables} tables so far…`);
        } else if (/error|FATAL|mismatch/i.test(line)) errors += `${line.replace(/^\w+: /, '')}\n`;
      }
    });
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(`${tool} is not installed: install PostgreSQL's client tools (postgresql-client)`)
          : error,
      ),
    );
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} failed: ${errors.trim() || `exit code ${code}`}`)),
    );
  });
}

function pgDump(url: string, file: string, progress: (line: string) => void) {
  // --no-owner: a restore makes the objects its own login's, whatever the original login was.
  return runPgTool(
    'pg_dump',
    ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${url}`],
    progress,
  );
}
