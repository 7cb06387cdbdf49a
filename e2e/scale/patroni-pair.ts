/**
 * The database half of the production shape with failover (docs/product-rules.md, "Data that
 * survives"): one etcd, two PostgreSQL servers managed by Patroni with synchronous replication
 * (`synchronous_mode`: a commit is acknowledged once the standby has it), and HAProxy sending
 * connections to whichever server Patroni's REST API calls the primary. Everything is a child of
 * the test, on random loopback ports, in a temp dir; `stop()` ends it all.
 *
 * PostgreSQL refuses to run as root, so when the test is root, etcd and Patroni run as `postgres`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { freePort, haproxyCommand, REPO_ROOT, sleep } from './cluster';

const ETCD = process.env.ETCD_BIN ?? '/usr/bin/etcd';
const PATRONI = process.env.PATRONI_BIN ?? '/usr/bin/patroni';
const HAPROXY = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';

/** The newest PostgreSQL server binaries installed (Debian's /usr/lib/postgresql/<major>/bin). */
function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root)
    ? spawnSync('ls', [root], { encoding: 'utf8' })
        .stdout.split('\n')
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const found = majors
    .map((major) => path.join(root, major, 'bin'))
    .find((dir) => existsSync(path.join(dir, 'postgres')));
  if (!found) throw new Error('PostgreSQL server binaries are missing: apt-get install postgresql');
  return found;
}

/** Fails early, with the fix, when an engine is missing. */
export function checkFailoverEngines() {
  for (const [bin, pkg] of [
    [ETCD, 'etcd-server'],
    [PATRONI, 'patroni'],
    [HAPROXY, 'haproxy'],
  ] as const) {
    if (!existsSync(bin)) throw new Error(`${bin} is missing: apt-get install ${pkg}`);
  }
  const version = (bin: string, flag: string) =>
    spawnSync(bin, [flag], { encoding: 'utf8' }).stdout.split('\n')[0]?.trim() ?? '';
  return {
    patroni: version(PATRONI, '--version'),
    etcd: version(ETCD, '--version'),
    postgres: postgresBinDir(),
  };
}

interface Member {
  name: string;
  role: string;
  state: string;
}

export interface PatroniNode {
  name: string;
  pgPort: number;
  restPort: number;
  dataDir: string;
}

export interface PatroniPair {
  /** A PostgreSQL server URL (the `postgres` database) through HAProxy: always the primary. */
  serverUrl: string;
  nodes: [PatroniNode, PatroniNode];
  /** The node Patroni calls the leader now. */
  leader(): Promise<PatroniNode>;
  /** `kill -9` of the leader's postmaster: its PostgreSQL dies at once, as on a crash. */
  killLeaderPostgres(): Promise<PatroniNode>;
  /** The members as Patroni lists them (leader, sync_standby, replica). */
  members(): Promise<Member[]>;
  stop(): Promise<void>;
}

function asPostgres(): { uid: number; gid: number } | Record<string, never> {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

const DEPLOY_PATRONI = path.join(REPO_ROOT, 'deploy', 'patroni');

/**
 * docker-compose.yml's Patroni configuration as it is (deploy/patroni), copied beside the data
 * with its post-bootstrap script; what differs per server comes from the environment, as in compose.
 */
function patroniConfig(dir: string, owner: ReturnType<typeof asPostgres>): string {
  const file = path.join(dir, 'patroni.yml');
  const script = path.join(dir, 'post-bootstrap.sh');
  writeFileSync(
    file,
    readFileSync(path.join(DEPLOY_PATRONI, 'patroni.yml'), 'utf8').replaceAll('/etc/patroni/', `${dir}/`),
  );
  copyFileSync(path.join(DEPLOY_PATRONI, 'post-bootstrap.sh'), script);
  chmodSync(script, 0o755);
  for (const written of [file, script]) if ('uid' in owner) chownSync(written, owner.uid, owner.gid);
  return file;
}

function patroniEnvironment(dir: string, node: PatroniNode, etcdPort: number, binDir: string) {
  return {
    ...process.env,
    PATRONI_NAME: node.name,
    PATRONI_RESTAPI_LISTEN: `127.0.0.1:${node.restPort}`,
    PATRONI_RESTAPI_CONNECT_ADDRESS: `127.0.0.1:${node.restPort}`,
    PATRONI_ETCD_HOST: `127.0.0.1:${etcdPort}`,
    PATRONI_POSTGRESQL_LISTEN: `127.0.0.1:${node.pgPort}`,
    PATRONI_POSTGRESQL_CONNECT_ADDRESS: `127.0.0.1:${node.pgPort}`,
    PATRONI_POSTGRESQL_DATA_DIR: node.dataDir,
    PATRONI_POSTGRESQL_BIN_DIR: binDir,
    PATRONI_POSTGRESQL_PGPASS: path.join(dir, `pgpass-${node.name}`),
    PATRONI_SUPERUSER_USERNAME: 'postgres',
    PATRONI_SUPERUSER_PASSWORD: 'postgres',
    PATRONI_REPLICATION_USERNAME: 'replicator',
    PATRONI_REPLICATION_PASSWORD: 'replicator',
  };
}

function haproxyConfig(dir: string, port: number, nodes: PatroniNode[]) {
  // Connections go to the node whose Patroni answers 200 on /primary; when a node is marked down
  // its open connections are cut, so nobody keeps talking to a former primary.
  return `global
  maxconn 1000
  stats socket ${path.join(dir, 'haproxy-postgres.sock')} mode 600 level admin

defaults
  mode tcp
  timeout connect 2s
  timeout client 1h
  timeout server 1h

listen postgres
  bind 127.0.0.1:${port}
  option httpchk GET /primary
  http-check expect status 200
  default-server inter 500ms fall 2 rise 1 on-marked-down shutdown-sessions
${nodes.map((node) => `  server ${node.name} 127.0.0.1:${node.pgPort} check port ${node.restPort}`).join('\n')}
`;
}

/** HAProxy's view of each server ('UP', 'DOWN', …), from `show stat` on its admin socket. */
async function serverStates(socketPath: string): Promise<Map<string, string>> {
  const csv = await haproxyCommand(socketPath, 'show stat');
  const [header, ...rows] = csv.split('\n');
  const columns = (header ?? '').replace(/^# /, '').split(',');
  const status = columns.indexOf('status');
  return new Map(
    rows
      .map((row) => row.split(','))
      .filter((cells) => cells[0] === 'postgres' && /^pg\d$/.test(cells[1] ?? ''))
      .map((cells) => [cells[1]!, cells[status]!]),
  );
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number, log: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`${what}: not ready after ${timeoutMs / 1000} s\n${log()}`);
}

export async function startPatroniPair(): Promise<PatroniPair> {
  const binDir = postgresBinDir();
  const owner = asPostgres();
  const dir = mkdtempSync(path.join(tmpdir(), 'truenet-failover-'));
  if ('uid' in owner) chownSync(dir, owner.uid, owner.gid);
  const children: ChildProcess[] = [];
  const output: string[] = [];
  const log = () => output.slice(-40).join('\n');
  const run = (bin: string, args: string[], name: string, user = true, env = process.env) => {
    const child = spawn(bin, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(user ? owner : {}),
      cwd: dir,
      env,
    });
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => {
        output.push(`${name}: ${line}`);
        if (output.length > 400) output.shift();
      });
    }
    children.push(child);
    return child;
  };
  const killAll = () => {
    for (const child of children) child.kill('SIGKILL');
  };
  process.once('exit', killAll);

  const stop = async () => {
    process.off('exit', killAll);
    // Patroni stops its PostgreSQL on SIGTERM; etcd and HAProxy last.
    for (const child of [...children].reverse()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      });
    }
    // A PostgreSQL whose Patroni was killed would outlive it: stop what is left of the data dirs.
    for (const node of nodes) {
      const pidFile = path.join(node.dataDir, 'postmaster.pid');
      if (existsSync(pidFile)) {
        try {
          process.kill(Number(readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const nodes: [PatroniNode, PatroniNode] = [
    { name: 'pg1', pgPort: await freePort(), restPort: await freePort(), dataDir: path.join(dir, 'pg1') },
    { name: 'pg2', pgPort: await freePort(), restPort: await freePort(), dataDir: path.join(dir, 'pg2') },
  ];
  const members = async (): Promise<Member[]> => {
    for (const node of nodes) {
      const response = await fetch(`http://127.0.0.1:${node.restPort}/cluster`).catch(() => null);
      if (response?.ok) return ((await response.json()) as { members: Member[] }).members;
    }
    return [];
  };
  const leader = async () => {
    const name = (await members()).find((member) => member.role === 'leader')?.name;
    const node = nodes.find((candidate) => candidate.name === name);
    if (!node) throw new Error(`no leader\n${log()}`);
    return node;
  };

  try {
    const etcdClient = await freePort();
    const etcdPeer = await freePort();
    const etcdDir = path.join(dir, 'etcd');
    mkdirSync(etcdDir, { mode: 0o700 });
    if ('uid' in owner) chownSync(etcdDir, owner.uid, owner.gid);
    run(
      ETCD,
      [
        '--name=etcd1',
        `--data-dir=${etcdDir}`,
        `--listen-client-urls=http://127.0.0.1:${etcdClient}`,
        `--advertise-client-urls=http://127.0.0.1:${etcdClient}`,
        `--listen-peer-urls=http://127.0.0.1:${etcdPeer}`,
        `--initial-advertise-peer-urls=http://127.0.0.1:${etcdPeer}`,
        `--initial-cluster=etcd1=http://127.0.0.1:${etcdPeer}`,
        // Debian's Patroni speaks etcd's v2 API (python3-etcd).
        '--enable-v2=true',
        '--log-level=warn',
      ],
      'etcd',
    );
    await waitUntil(
      'etcd',
      async () => (await fetch(`http://127.0.0.1:${etcdClient}/health`)).ok,
      30_000,
      log,
    );

    const config = patroniConfig(dir, owner);
    const startPatroni = (node: PatroniNode) =>
      run(PATRONI, [config], node.name, true, patroniEnvironment(dir, node, etcdClient, binDir));
    // The first node bootstraps the cluster (initdb); the second then copies it as the standby.
    startPatroni(nodes[0]);
    await waitUntil(
      'pg1 as primary',
      async () => (await fetch(`http://127.0.0.1:${nodes[0].restPort}/primary`)).ok,
      90_000,
      log,
    );
    startPatroni(nodes[1]);
    await waitUntil(
      'pg2 as the synchronous standby',
      async () =>
        (await members()).some((member) => member.role === 'sync_standby' && member.state === 'running'),
      90_000,
      log,
    );

    const port = await freePort();
    const haproxyFile = path.join(dir, 'haproxy-postgres.cfg');
    writeFileSync(haproxyFile, haproxyConfig(dir, port, nodes));
    run(HAPROXY, ['-db', '-f', haproxyFile], 'haproxy', false);
    const serverUrl = `postgresql://postgres@127.0.0.1:${port}/postgres`;
    // HAProxy starts with every server up until its checks say otherwise: wait for them to.
    const socket = path.join(dir, 'haproxy-postgres.sock');
    await waitUntil(
      'haproxy sending connections to the primary only',
      async () => {
        const states = await serverStates(socket);
        const primary = (await leader()).name;
        return nodes.every((node) => states.get(node.name) === (node.name === primary ? 'UP' : 'DOWN'));
      },
      30_000,
      log,
    );

    return {
      serverUrl,
      nodes,
      leader,
      members,
      async killLeaderPostgres() {
        const node = await leader();
        const pid = Number(readFileSync(path.join(node.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
        process.kill(pid, 'SIGKILL');
        return node;
      },
      stop,
    };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}
