import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { REPO_ROOT, type Config } from '../config';
import { openDatabase, type Database } from '../db/database';
import { checksumProblem, readBackupName, type BackupFile } from './backup-files';
import { holdsAccounts, runPgTool, schemaVersionOf, takeBackup } from './take-backup';

/** A restore refused before anything changed, with what to do instead. */
export class RestoreRefused extends Error {}

export interface RestoreOptions {
  /** Restore over a database that holds data, after backing it up into BACKUP_DIR. */
  replace: boolean;
  now: Date;
  say: (line: string) => void;
}

export interface Restored {
  backup: BackupFile;
  replacedBackup: string | undefined;
  tables: number;
  rows: number;
  migratedTo: number;
}

/** The database's own tables (the job queue's are work in flight, not records). */
async function rowCounts(database: Database): Promise<Map<string, number>> {
  const tables = (await database.dataSource.query(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'typeorm_migrations'
      ORDER BY table_name`,
  )) as { name: string }[];
  const counts = new Map<string, number>();
  for (const { name } of tables) {
    const [row] = (await database.dataSource.query(`SELECT count(*)::int AS n FROM "${name}"`)) as {
      n: number;
    }[];
    counts.set(name, row!.n);
  }
  return counts;
}

const total = (counts: Map<string, number>) => [...counts.values()].reduce((sum, n) => sum + n, 0);

/** The schema version this TrueNet migrates to: its newest migration's timestamp. */
function latestMigration(): number {
  return Math.max(
    ...readdirSync(path.join(REPO_ROOT, 'migrations'))
      .map((name) => /^(\d+)-.*\.js$/.exec(name)?.[1])
      .filter((stamp): stamp is string => stamp !== undefined)
      .map(Number),
  );
}

function embeddedDir(config: Config): string {
  return path.join(config.dataDir, 'pg');
}

async function backUpBeforeReplacing(config: Config, database: Database, options: RestoreOptions) {
  options.say('Backing up what the restore replaces…');
  const taken = await takeBackup(
    database.dataSource,
    database.backupSource,
    config.backup.dir,
    options.now,
    options.say,
  );
  options.say(`  saved as ${taken.file}`);
  return taken.file;
}

/**
 * `npm run restore -- FILE [--replace]`: checks the backup (its checksum, that this TrueNet knows
 * its schema, that it is for this kind of database), refuses a target that holds data unless
 * `replace` (which backs that data up first), restores, then migrates forward to this version.
 */
export async function restoreBackup(
  config: Config,
  file: string,
  options: RestoreOptions,
): Promise<Restored> {
  const backup = readBackupName(file);
  if (!backup || !existsSync(file))
    throw new RestoreRefused(`${file} is not a TrueNet backup (truenet-<time>-<version>.tar.gz or .dump).`);
  const kind = config.databaseUrl ? 'postgres' : 'embedded';
  if (backup.kind !== kind)
    throw new RestoreRefused(
      backup.kind === 'embedded'
        ? 'This backup is of the embedded database: restore it without DATABASE_URL set.'
        : 'This backup is of a PostgreSQL server: set DATABASE_URL to the database to restore into.',
    );
  const known = latestMigration();
  if (backup.schemaVersion > known)
    throw new RestoreRefused(
      `This backup was made by a newer TrueNet (schema ${backup.schemaVersion}; this one knows ${known}): update TrueNet first.`,
    );
  options.say(`Checking ${path.basename(file)}…`);
  const damaged = await checksumProblem(file);
  if (damaged) throw new RestoreRefused(`Not restored: ${damaged}.`);

  const restored =
    kind === 'embedded'
      ? await restoreEmbedded(config, file, options)
      : await restorePostgres(config, file, options);

  // Opening the database runs the migrations the backup predates.
  const database = await openDatabase(config);
  try {
    const migratedTo = await schemaVersionOf(database.dataSource);
    const counts = await rowCounts(database);
    return { backup, ...restored, tables: counts.size, rows: total(counts), migratedTo };
  } finally {
    await database.close();
  }
}

async function restoreEmbedded(config: Config, file: string, options: RestoreOptions) {
  const dir = embeddedDir(config);
  let replacedBackup: string | undefined;
  let aside: string | undefined;
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    // Opening it takes the data directory's lock: a running TrueNet on it stops the restore here.
    const current = await openDatabase(config);
    try {
      if (await holdsAccounts(current.dataSource)) {
        if (!options.replace)
          throw new RestoreRefused(
            `${config.dataDir} holds data. Restore into an empty DATA_DIR, or add --replace to back it up and replace it.`,
          );
        replacedBackup = await backUpBeforeReplacing(config, current, options);
      }
    } finally {
      await current.close();
    }
    aside = `${dir}.before-restore-${Date.now()}`;
    renameSync(dir, aside);
  }
  try {
    options.say('Restoring the embedded database…');
    mkdirSync(config.dataDir, { recursive: true });
    const db = await PGlite.create(dir, { loadDataDir: new Blob([readFileSync(file)]) });
    await db.close();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    if (aside) renameSync(aside, dir);
    throw error;
  }
  if (aside) rmSync(aside, { recursive: true, force: true });
  return { replacedBackup };
}

async function restorePostgres(config: Config, file: string, options: RestoreOptions) {
  let replacedBackup: string | undefined;
  // Opening it migrates an empty database, which also makes the role the requests run as.
  const current = await openDatabase(config);
  try {
    if (await holdsAccounts(current.dataSource)) {
      if (!options.replace)
        throw new RestoreRefused(
          'The database of DATABASE_URL holds data. Restore into an empty database, or add --replace to back it up and replace it.',
        );
      replacedBackup = await backUpBeforeReplacing(config, current, options);
    }
    options.say('Restoring into PostgreSQL…');
    await current.dataSource.query('DROP SCHEMA IF EXISTS pgboss CASCADE');
    await current.dataSource.query('DROP SCHEMA public CASCADE');
    await current.dataSource.query('CREATE SCHEMA public');
    await current.dataSource.query('GRANT USAGE ON SCHEMA public TO truenet_app');
  } finally {
    await current.close();
  }
  await runPgTool(
    'pg_restore',
    [
      '--no-owner',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${config.backup.databaseUrl ?? config.databaseUrl!}`,
      file,
    ],
    options.say,
  );
  return { replacedBackup };
}
