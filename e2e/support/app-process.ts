import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { MailSink } from './mail-sink';

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface RunningApp {
  url: string;
  mail: MailSink;
  /** The app's data directory (it keeps the local JWT secret, which survives `restart()`). */
  dataDir: string;
  /** Stops the server process (SIGTERM), keeping the database, so `restart()` can bring it back. */
  stopServer(): Promise<void>;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface StartOptions {
  /**
   * A fresh clone's `npm start` (`node scripts/start.mjs`): no NODE_ENV, no SMTP_URL (the outbox and
   * /dev/mailbox), no DATABASE_URL (the embedded database, in a temp DATA_DIR), offline checkout.
   */
  firstRun?: boolean;
  /**
   * The host name in APP_URL and in the browser: 'localhost' where the page needs a domain (a
   * WebAuthn relying party cannot be an IP address); 127.0.0.1 otherwise.
   */
  host?: '127.0.0.1' | 'localhost';
}

/** The environment of a person who cloned the repository and set nothing. */
function freshCloneEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['NODE_ENV', 'SMTP_URL', 'DATABASE_URL', 'STRIPE_SECRET_KEY', 'BILLING', 'JWT_SECRET'])
    delete env[name];
  for (const name of Object.keys(env)) if (name.startsWith('npm_')) delete env[name];
  return env;
}

/**
 * Starts the built app (`npm run build` first) as its own process on a fresh database — a new
 * database on E2E_DATABASE_URL/TEST_DATABASE_URL's server, else an embedded one in a temp dir —
 * with the offline payment stand-in and a local SMTP sink. `stop()` removes everything it made.
 * With `firstRun`, it is `npm start` as on a fresh clone instead (see StartOptions).
 */
export async function startApp(options: StartOptions = {}): Promise<RunningApp> {
  const serverUrl = options.firstRun
    ? undefined
    : (process.env.E2E_DATABASE_URL ?? process.env.TEST_DATABASE_URL);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'truenet-e2e-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const name = `truenet_e2e_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  const mail = new MailSink();
  const smtpPort = await mail.start();
  const port = await freePort();
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;
  const env = options.firstRun
    ? {
        ...freshCloneEnv(),
        PORT: String(port),
        APP_URL: url,
        DATA_DIR: dataDir,
        BACKUP_DIR: `${dataDir}-backups`,
        LOG_LEVEL: 'warn',
      }
    : {
        ...process.env,
        NODE_ENV: 'development',
        // As in production: the browser may send only the web client's documents, by hash.
        TRUSTED_DOCUMENTS: 'on',
        PORT: String(port),
        APP_URL: url,
        DATA_DIR: dataDir,
        // The daily backup stays on, as for a person running it, but out of the repository.
        BACKUP_DIR: `${dataDir}-backups`,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        LOG_LEVEL: 'warn',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
      };
  const entry = options.firstRun ? 'scripts/start.mjs' : 'server/dist/main.js';
  let child: ChildProcess | undefined;

  const launch = async () => {
    child = spawn(process.execPath, [path.join(REPO_ROOT, entry)], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null)
        throw new Error(`The app exited with code ${child.exitCode} during start-up`);
      try {
        if ((await fetch(`${url}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('The app did not become ready within 60 s');
  };
  const stopServer = async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };

  try {
    await launch();
  } catch (error) {
    // Else the mail sink keeps this process alive until the file's --test-timeout.
    await stopServer();
    await mail.stop();
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}-backups`, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    mail,
    dataDir,
    stopServer,
    restart: launch,
    async stop() {
      await stopServer();
      await mail.stop();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(`${dataDir}-backups`, { recursive: true, force: true });
    },
  };
}
