/**
 * The shape of docs/product-rules.md §13 on this machine, built from the real engines: a fresh database on the
 * local PostgreSQL, PgBouncer in transaction pooling mode in front of it, two production builds of
 * the app using PgBouncer, and HAProxy round-robin in front of them with a /readyz health check.
 * Every process is a child of the test, with its configuration in a temp dir and random loopback
 * ports; `stop()` kills them all and drops the database.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { startStripeDouble, type StripeDouble } from '../../server/src/test/stripe-double';
import { MailSink } from '../support/mail-sink';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');
const SERVER_MAIN = path.join(REPO_ROOT, 'server', 'dist', 'main.js');
const PGBOUNCER = process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer';
const HAPROXY = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';
/** The database name clients ask PgBouncer for (it maps to the fresh database). */
const POOLED_DB = 'truenet';
/** Both instances sign with the same secret: a token issued by one is accepted by the other. */
const JWT_SECRET = `scale-${randomBytes(24).toString('hex')}`;
/** The instances' METRICS_TOKEN, which the scale test's Prometheus scrapes with. */
export const METRICS_TOKEN = `metrics-${randomBytes(16).toString('hex')}`;

const handedOut = new Set<number>();

/** A free loopback port not handed out before (processes started together never share one). */
export async function freePort(): Promise<number> {
  for (;;) {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`${what}: not ready after ${timeoutMs / 1000} s`);
}

function portAccepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The last lines a child wrote to stderr, for error messages. */
function tail(lines: string[]) {
  return lines.slice(-20).join('\n');
}

function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill(signal);
  });
}

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** One app instance: a production build of the server as its own process. */
export class AppInstance {
  child: ChildProcess | undefined;
  /** Warnings, errors and job reports from its JSON log (request lines are dropped). */
  readonly log: LogLine[] = [];
  readonly stderr: string[] = [];

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid() {
    return this.child?.pid;
  }

  start() {
    this.child = spawn(process.execPath, [SERVER_MAIN], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    createInterface({ input: this.child.stdout! }).on('line', (line) => {
      let entry: LogLine;
      try {
        entry = JSON.parse(line) as LogLine;
      } catch {
        return;
      }
      if (entry.level >= 40 || /^(register purge|TrueNet listening)/.test(String(entry.msg))) {
        this.log.push(entry);
      }
    });
    createInterface({ input: this.child.stderr! }).on('line', (line) => {
      this.stderr.push(line);
      if (this.stderr.length > 200) this.stderr.shift();
    });
  }

  async ready() {
    await waitUntil(`${this.name} /readyz`, async () => {
      if (this.child?.exitCode !== null && this.child?.exitCode !== undefined) {
        throw new Error(`${this.name} exited with ${this.child.exitCode}:\n${tail(this.stderr)}`);
      }
      return (await fetch(`${this.url}/readyz`)).ok;
    }).catch((error: Error) => {
      throw new Error(`${error.message}\n${tail(this.stderr)}`);
    });
  }

  /** Errors the instance logged (pino level 50 and above). */
  errors(): LogLine[] {
    return this.log.filter((entry) => entry.level >= 50);
  }

  stop() {
    return stopChild(this.child);
  }

  /** SIGKILL: no shutdown hook, requests in flight die with the process. */
  async kill() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

export interface PgBouncerStats {
  xacts: number;
  queries: number;
}

export interface Cluster {
  /** The balancer: every request of the scenarios goes through it. */
  url: string;
  apps: [AppInstance, AppInstance];
  stripe: StripeDouble;
  mail: MailSink;
  /** A direct connection to the fresh database (for fixtures and checks, not for the app). */
  db: pg.Pool;
  /** PgBouncer's counters for the app's database (SHOW STATS on its admin console). */
  pgbouncerStats(): Promise<PgBouncerStats>;
  /** HAProxy's view of a server: 'UP', 'DOWN', … (show stat on its admin socket). */
  serverStatus(name: string): Promise<string>;
  stop(): Promise<void>;
}

function pgbouncerConfig(dir: string, port: number, database: string, serverUrl: string) {
  const server = new URL(serverUrl);
  writeFileSync(path.join(dir, 'users.txt'), '"postgres" ""\n');
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    `[databases]
${POOLED_DB} = host=${server.hostname} port=${server.port || 5432} dbname=${database} user=postgres

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${path.join(dir, 'users.txt')}
admin_users = postgres
stats_users = postgres
pool_mode = transaction
max_client_conn = 500
default_pool_size = 10
; A server that went away (a failover) is tried again after a second, not fifteen.
server_login_retry = 1
server_connect_timeout = 2
`,
  );
  return path.join(dir, 'pgbouncer.ini');
}

function haproxyConfig(dir: string, port: number, apps: AppInstance[]) {
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(
    file,
    `global
  maxconn 2000
  stats socket ${path.join(dir, 'haproxy.sock')} mode 600 level admin

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # Only a connection that failed before the request was sent is retried, on another server:
  # a POST that reached an instance is never replayed.
  retries 2
  option redispatch
  option forwardfor

frontend web
  bind 127.0.0.1:${port}
  default_backend app

backend app
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 300ms fall 2 rise 2
  # A killed instance refuses connections and fails its check at once; a busy one (a burst of
  # requests queued for the pool) may answer /readyz slowly and must not be taken out for it.
  timeout check 2s
  # Tests name an instance with X-Instance to reach it through the balancer.
${apps.map((app) => `  use-server ${app.name} if { req.hdr(x-instance) -m str ${app.name} }`).join('\n')}
  http-response set-header X-Served-By %s
${apps.map((app) => `  server ${app.name} 127.0.0.1:${app.port} check`).join('\n')}
`,
  );
  return file;
}

/** One command on HAProxy's admin socket, and its whole answer. */
export async function haproxyCommand(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.end(`${command}\n`);
  });
}

/** A fresh database on the local PostgreSQL (TEST_DATABASE_URL's server). */
async function createDatabase(serverUrl: string) {
  const name = `truenet_scale_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Fails early, with the fix, when an engine is missing. */
export function checkEngines() {
  for (const [bin, pkg] of [
    [PGBOUNCER, 'pgbouncer'],
    [HAPROXY, 'haproxy'],
  ] as const) {
    if (!existsSync(bin)) throw new Error(`${bin} is missing: apt-get install ${pkg}`);
  }
  if (!existsSync(SERVER_MAIN)) throw new Error('server/dist is missing: run `npm run build` first');
  const version = spawnSync(PGBOUNCER, ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0];
  return {
    pgbouncer: version,
    haproxy: spawnSync(HAPROXY, ['-v'], { encoding: 'utf8' }).stdout.split('\n')[0],
  };
}

/**
 * Starts the whole shape on `serverUrl`'s PostgreSQL (a Patroni pair behind HAProxy for the
 * failover test). Both instances are launched at the same moment against the empty
 * database, so they race to migrate it (the first scenario checks it was migrated once).
 */
export async function startCluster(
  serverUrl = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'truenet-scale-'));
  const database = await createDatabase(serverUrl);
  const children: ChildProcess[] = [];
  const apps: AppInstance[] = [];
  let stripe: StripeDouble | undefined;
  let mail: MailSink | undefined;
  let db: pg.Pool | undefined;

  // Should the test process end abruptly, take its children with it (stop() is the normal way).
  const killAll = () => {
    for (const child of [...children, ...apps.map((app) => app.child)]) child?.kill('SIGKILL');
  };
  process.once('exit', killAll);

  const stop = async () => {
    process.off('exit', killAll);
    await Promise.all(apps.map((app) => app.stop()));
    await Promise.all(children.map((child) => stopChild(child)));
    await db?.end();
    await stripe?.close();
    await mail?.stop();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    db = new pg.Pool({ connectionString: database.url, max: 4 });
    // An idle client ended by the server (the database dropped WITH (FORCE) at the end, code 57P01)
    // must not become an uncaught exception that fails a test which already passed.
    db.on('error', (error: Error & { code?: string }) => {
      if (error.code !== '57P01') console.error(`# test database pool: ${error.message}`);
    });

    const bouncerPort = await freePort();
    const stderr: string[] = [];
    // PgBouncer refuses to run as root: it switches to the postgres user when started as root.
    const asUser = process.getuid?.() === 0 ? ['-u', 'postgres'] : [];
    const bouncer = spawn(
      PGBOUNCER,
      [...asUser, pgbouncerConfig(dir, bouncerPort, database.name, serverUrl)],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    children.push(bouncer);
    createInterface({ input: bouncer.stderr! }).on('line', (line) => stderr.push(line));
    await waitUntil('pgbouncer', async () => {
      if (bouncer.exitCode !== null) throw new Error(`pgbouncer exited:\n${tail(stderr)}`);
      return portAccepts(bouncerPort);
    });

    stripe = await startStripeDouble();
    mail = new MailSink();
    const smtpPort = await mail.start();
    const balancerPort = await freePort();
    const env = {
      NODE_ENV: 'production',
      SECRETS_KEY: '5ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2',
      // The scale test scripts its own documents with session tokens; the browser's trusted
      // documents are covered by the journeys (which run with TRUSTED_DOCUMENTS=on).
      TRUSTED_DOCUMENTS: 'off',
      APP_URL: `http://127.0.0.1:${balancerPort}`,
      DATABASE_URL: `postgresql://postgres@127.0.0.1:${bouncerPort}/${POOLED_DB}`,
      DATA_DIR: dir,
      BACKUP_DIR: `${dir}/backups`,
      // pg_dump's session settings must not reach PgBouncer's pool: backups go to the database itself.
      BACKUP_DATABASE_URL: database.url,
      JWT_SECRET,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      LOG_LEVEL: 'info',
      // One proxy hop: the client's IP is the one HAProxy adds to X-Forwarded-For.
      TRUST_PROXY: '1',
      // Every instance schedules the purge every second: they run it side by side all along.
      REGISTER_PURGE_SECONDS: '1',
      // And the reminder scan every second: both instances scan side by side all along.
      REMINDER_SCAN_SECONDS: '1',
      // Prometheus' key to each instance's GET /metrics (production answers 404 without it).
      METRICS_TOKEN,
      // Past this many requests in flight an instance answers 503: low enough for the overload run
      // to reach on a small machine, above every other scenario's concurrency.
      OVERLOAD_MAX_IN_FLIGHT: '128',
      ...stripe.env(),
    };
    for (const name of ['app1', 'app2']) apps.push(new AppInstance(name, await freePort(), env));
    for (const app of apps) app.start();
    await Promise.all(apps.map((app) => app.ready()));

    const haproxyStderr: string[] = [];
    const haproxy = spawn(HAPROXY, ['-db', '-f', haproxyConfig(dir, balancerPort, apps)], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(haproxy);
    createInterface({ input: haproxy.stderr! }).on('line', (line) => haproxyStderr.push(line));
    const socketPath = path.join(dir, 'haproxy.sock');
    const serverStatus = async (name: string) => {
      const csv = await haproxyCommand(socketPath, 'show stat');
      const row = csv.split('\n').find((line) => line.startsWith(`app,${name},`));
      if (!row) throw new Error(`HAProxy does not list ${name}`);
      const header = csv.split('\n')[0]!.replace(/^# /, '').split(',');
      return row.split(',')[header.indexOf('status')]!;
    };
    await waitUntil('haproxy', async () => {
      if (haproxy.exitCode !== null) throw new Error(`haproxy exited:\n${tail(haproxyStderr)}`);
      const states = await Promise.all(apps.map((app) => serverStatus(app.name)));
      return states.every((state) => state === 'UP');
    });

    const pgbouncerStats = async (): Promise<PgBouncerStats> => {
      const admin = new pg.Client({
        connectionString: `postgresql://postgres@127.0.0.1:${bouncerPort}/pgbouncer`,
      });
      await admin.connect();
      try {
        // The admin console speaks only the simple query protocol (no parameters).
        const { rows } = await admin.query<{
          database: string;
          total_xact_count: string;
          total_query_count: string;
        }>('SHOW STATS');
        const row = rows.find((r) => r.database === POOLED_DB);
        return { xacts: Number(row?.total_xact_count ?? 0), queries: Number(row?.total_query_count ?? 0) };
      } finally {
        await admin.end();
      }
    };

    return {
      url: `http://127.0.0.1:${balancerPort}`,
      apps: apps as [AppInstance, AppInstance],
      stripe,
      mail,
      db,
      pgbouncerStats,
      serverStatus,
      stop,
    };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}
