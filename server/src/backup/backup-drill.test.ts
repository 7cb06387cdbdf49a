import { execFile, spawn } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { loadConfig, REPO_ROOT } from '../config';
import { openDatabase } from '../db/database';
import { openSecret } from '../secret-box';
import { seedEveryKind } from '../test/every-kind';
import { ensureServerBuilt, startBuiltServer } from '../test/built-server';
import {
  addIncomeSource,
  addLiability,
  addWallet,
  newUser,
  NOW,
  settleLiability,
  type TestUser,
} from '../test/finance';
import { startTestApp, type TestApp } from '../test/harness';
import { TEST_DB_ENV } from '../test/test-database';
import { listBackups } from './backup-files';
import { RestoreRefused, restoreBackup } from './restore-backup';
import { takeBackup } from './take-backup';

/**
 * The restore drill: households with imports, payments, members, push devices and a bank
 * connection are backed up, restored into a new database, and every table's rows and every
 * household's analysis are compared; the bank connection's access still opens with the same
 * SECRETS_KEY and not without it. On PostgreSQL (pg_dump and pg_restore, in this process) and on
 * the embedded database (`npm run backup` and `npm run restore` as a person runs them, also with
 * the app running).
 */

const run = promisify(execFile);
const SECRETS_KEY = '5ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2';
const ANALYSIS = `query($zone: String!) { cashFlowAnalysis(timeZone: $zone) {
  asOf nextIncomeDate nextIncomeTotal obligationsTotal netIncomeThisPeriod } }`;

const quiet = () => undefined;
const postgresOnly = process.env.TEST_DATABASE_URL ? describe : describe.skip;

/** A digest of every row of every table of the public schema, by table. */
async function tableDigests(url: string): Promise<Record<string, string>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    const digests: Record<string, string> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ digest: string; n: number }>(
        `SELECT md5(coalesce(string_agg(to_jsonb(t)::text, ',' ORDER BY to_jsonb(t)::text), '')) AS digest,
                count(*)::int AS n FROM "${name}" t`,
      );
      digests[name] = `${rows[0]!.n}:${rows[0]!.digest}`;
    }
    return digests;
  } finally {
    await client.end();
  }
}

async function withAdmin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: process.env[TEST_DB_ENV] });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(process.env[TEST_DB_ENV]!);
  url.pathname = `/${name}`;
  return url.toString();
}

postgresOnly('on PostgreSQL', () => {
  const suffix = `${process.pid}_${Date.now()}`;
  const source = `drill_source_${suffix}`;
  const target = `drill_target_${suffix}`;
  const backupDir = mkdtempSync(path.join(tmpdir(), 'truenet-drill-'));
  const configFor = (name: string) =>
    loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl(name),
      BACKUP_DIR: backupDir,
      SECRETS_KEY,
      DATA_DIR: backupDir,
    });
  let t: TestApp;
  let people: TestUser[];
  let backupFile: string;

  beforeAll(async () => {
    await withAdmin(async (admin) => {
      await admin.query(`CREATE DATABASE ${source}`);
      await admin.query(`CREATE DATABASE ${target}`);
    });
    // The run's setup migrated its own database; this one is migrated as a start migrates it.
    await (await openDatabase(configFor(source))).close();
    t = await startTestApp({
      clock: { now: () => NOW },
      env: { SECRETS_KEY },
      databaseUrl: () => databaseUrl(source),
    });
    people = [];
    for (let i = 0; i < 3; i += 1) {
      const person = await newUser(t);
      const wallet = await addWallet(t, person, `Checking ${i}`, 1000 + i);
      await addIncomeSource(t, person);
      const bill = await addLiability(t, person, { creditorName: `Rent ${i}` });
      await settleLiability(t, person, wallet.id, bill.id);
      await seedEveryKind(t, person);
      people.push(person);
    }
    const taken = await takeBackup(
      t.deps.dataSource,
      { kind: 'postgres', url: databaseUrl(source) },
      backupDir,
      NOW,
    );
    backupFile = taken.file;
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    await withAdmin(async (admin) => {
      await admin.query(`DROP DATABASE IF EXISTS ${source} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${target} WITH (FORCE)`);
    });
    rmSync(backupDir, { recursive: true, force: true });
  });

  it('writes a custom-format dump named with its time and schema, with its checksum beside it', () => {
    expect(path.basename(backupFile)).toMatch(/^truenet-20261116T150000Z-\d{13}\.dump$/);
    expect(existsSync(`${backupFile}.sha256`)).toBe(true);
  });

  it('restores into a new database with every row of every table, and each household sees the same analysis', async () => {
    const restored = await restoreBackup(configFor(target), backupFile, {
      replace: false,
      now: NOW,
      say: quiet,
    });
    expect(restored.rows).toBeGreaterThan(50);
    expect(await tableDigests(databaseUrl(target))).toEqual(await tableDigests(databaseUrl(source)));

    const copy = await startTestApp({
      clock: { now: () => NOW },
      env: { SECRETS_KEY },
      databaseUrl: () => databaseUrl(target),
    });
    try {
      for (const person of people) {
        const [before, after] = await Promise.all(
          [t, copy].map((app) => app.gql(ANALYSIS, { zone: 'America/New_York' }, { token: person.token })),
        );
        expect(after!.errors).toBeUndefined();
        expect(after!.data).toEqual(before!.data);
      }
      const [connection] = (await copy.deps.dataSource.query(
        'SELECT id, access_url_sealed FROM bank_connection ORDER BY id LIMIT 1',
      )) as { id: string; access_url_sealed: string }[];
      expect(
        openSecret(Buffer.from(SECRETS_KEY, 'hex'), connection!.access_url_sealed, connection!.id),
      ).toMatch(/^https:\/\//);
      expect(() => openSecret(Buffer.alloc(32, 7), connection!.access_url_sealed, connection!.id)).toThrow();
    } finally {
      await copy.close();
    }
  });

  it('refuses a target that holds data, and with --replace backs it up first', async () => {
    await expect(
      restoreBackup(configFor(target), backupFile, { replace: false, now: NOW, say: quiet }),
    ).rejects.toThrow(RestoreRefused);
    const before = listBackups(backupDir).length;
    const replaced = await restoreBackup(configFor(target), backupFile, {
      replace: true,
      now: new Date('2026-11-16T16:00:00Z'),
      say: quiet,
    });
    expect(replaced.replacedBackup).toBeDefined();
    expect(listBackups(backupDir)).toHaveLength(before + 1);
    expect(await tableDigests(databaseUrl(target))).toEqual(await tableDigests(databaseUrl(source)));
  });

  it('refuses a backup of a newer TrueNet, whose schema this one does not know', async () => {
    const newer = path.join(backupDir, 'truenet-20261116T180000Z-9999999999999.dump');
    await run('cp', [backupFile, newer]);
    await expect(
      restoreBackup(configFor(target), newer, { replace: true, now: NOW, say: quiet }),
    ).rejects.toThrow('This backup was made by a newer TrueNet (schema 9999999999999');
  });

  it('refuses a damaged backup and changes nothing', async () => {
    const damaged = path.join(backupDir, 'truenet-20261116T170000Z-1797100000000.dump');
    await run('cp', [backupFile, damaged]);
    await run('cp', [`${backupFile}.sha256`, `${damaged}.sha256`]);
    appendFileSync(damaged, 'x');
    const digests = await tableDigests(databaseUrl(target));
    await expect(
      restoreBackup(configFor(target), damaged, { replace: true, now: NOW, say: quiet }),
    ).rejects.toThrow('its checksum does not match');
    expect(await tableDigests(databaseUrl(target))).toEqual(digests);
  });
});

describe('on the embedded database, with the commands a person runs', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'truenet-drill-embedded-'));
  const env = (dataDir: string) => ({
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    SECRETS_KEY,
    JWT_SECRET: 'drill-secret-drill-secret-drill-secret-0123',
    BILLING: 'offline',
    REMINDERS: 'off',
    BACKUPS: 'off',
    DATA_DIR: path.join(work, dataDir),
    BACKUP_DIR: path.join(work, 'backups'),
    LOG_LEVEL: 'warn',
  });
  const script = (name: string) => path.join(REPO_ROOT, 'server', 'dist', 'scripts', `${name}.js`);
  const command = (name: string, dataDir: string, args: string[] = [], extra: Record<string, string> = {}) =>
    run(process.execPath, [script(name), ...args], { cwd: REPO_ROOT, env: { ...env(dataDir), ...extra } });

  /** Every table's digest, read by a process of its own (PGlite does not start inside Jest). */
  async function embeddedDigests(dataDir: string): Promise<Record<string, string>> {
    const code = `
      const { PGlite } = require('@electric-sql/pglite');
      (async () => {
        const db = await PGlite.create(${JSON.stringify(path.join(work, dataDir, 'pg'))});
        const tables = await db.query("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1");
        const out = {};
        for (const { name } of tables.rows) {
          const r = await db.query('SELECT md5(coalesce(string_agg(to_jsonb(t)::text, \\',\\' ORDER BY to_jsonb(t)::text), \\'\\')) AS d, count(*)::int AS n FROM "' + name + '" t');
          out[name] = r.rows[0].n + ':' + r.rows[0].d;
        }
        await db.close();
        process.stdout.write(JSON.stringify(out));
      })();`;
    const { stdout } = await run(process.execPath, ['-e', code], { cwd: path.join(REPO_ROOT, 'server') });
    return JSON.parse(stdout) as Record<string, string>;
  }

  beforeAll(async () => {
    ensureServerBuilt();
    await command('seed-demo', 'original');
  }, 240_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('backs up, restores into an empty DATA_DIR with every row, and refuses to restore over data', async () => {
    const backedUp = await command('backup', 'original');
    expect(backedUp.stdout).toMatch(/Saved .*truenet-\d{8}T\d{6}Z-\d{13}\.tar\.gz/);
    const [file] = listBackups(path.join(work, 'backups'));
    expect(existsSync(`${file!.file}.sha256`)).toBe(true);

    const restored = await command('restore', 'copy', [file!.file]);
    expect(restored.stdout).toMatch(
      /Restored truenet-.*\.tar\.gz .* into the embedded database in .*copy: \d+ tables, \d+ rows\./,
    );
    expect(restored.stdout).toContain('set the same SECRETS_KEY');
    expect(await embeddedDigests('copy')).toEqual(await embeddedDigests('original'));
    // The secrets key stays out of the backup.
    expect(readdirSync(path.join(work, 'copy'))).not.toContain('secrets-key');

    await expect(command('restore', 'copy', [file!.file])).rejects.toMatchObject({
      stderr: expect.stringContaining('holds data. Restore into an empty DATA_DIR, or add --replace'),
    });
  }, 240_000);

  it('takes the backup inside a running TrueNet when it holds the database', async () => {
    const server = await startBuiltServer(env('original'));
    try {
      const before = listBackups(path.join(work, 'backups')).length;
      // A second apart from the first backup's name.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const backedUp = await command('backup', 'original');
      expect(backedUp.stdout).toContain('has the embedded database open: asking it for the backup');
      expect(listBackups(path.join(work, 'backups'))).toHaveLength(before + 1);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

      // Given another BACKUP_DIR, the command says where the running TrueNet writes and finds it there.
      const elsewhere = path.join(work, 'elsewhere');
      // A backup's name carries its second: the next one is a second apart from the last.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const told = await command('backup', 'original', [], { BACKUP_DIR: elsewhere });
      expect(told.stdout).toContain(
        `It writes its backups to ${path.join(work, 'backups')} (its own BACKUP_DIR), not ${elsewhere}`,
      );
      expect(told.stdout).toMatch(/Saved .*backups\/truenet-/);
      expect(listBackups(path.join(work, 'backups'))).toHaveLength(before + 2);
      expect(existsSync(elsewhere)).toBe(false);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('says at once that a process holding the database takes no backups, instead of waiting', async () => {
    const holder = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      const dataDir = path.join(work, 'held');
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(
        path.join(dataDir, 'truenet.lock'),
        JSON.stringify({
          pid: holder.pid,
          command: 'npm run seed:demo: node server/dist/scripts/seed-demo.js',
          host: hostname(),
          startedAt: new Date().toISOString(),
        }),
      );
      const refused = await command('backup', 'held').then(
        () => '',
        (error: { stderr: string }) => error.stderr,
      );
      expect(refused).toContain(`process ${holder.pid} (npm run seed:demo`);
      expect(refused).toContain('takes no backups. Run this again when it has finished');
    } finally {
      holder.kill();
    }
  }, 60_000);
});
