/**
 * Prometheus as docker-compose.yml runs it (deploy/prometheus/prometheus.yml), scraping the scale
 * test's instances: the deploy file as it is, with the instances' addresses, their METRICS_TOKEN and
 * a one-second interval put in. A child of the test on a random loopback port; `stop()` ends it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { freePort, REPO_ROOT, sleep } from './cluster';

const PROMETHEUS = process.env.PROMETHEUS_BIN ?? '/usr/bin/prometheus';

export function checkPrometheus(): string {
  if (!existsSync(PROMETHEUS)) throw new Error(`${PROMETHEUS} is missing: apt-get install prometheus`);
  return spawnSync(PROMETHEUS, ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0] ?? '';
}

export interface Prometheus {
  /** An instant query's result vector (throws on a query Prometheus refuses). */
  query(promql: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]>;
  /** The scrape targets with their health ('up', 'down', 'unknown'). */
  targets(): Promise<{ instance: string; health: string }[]>;
  stop(): Promise<void>;
}

export async function startPrometheus(targets: string[], token: string): Promise<Prometheus> {
  const dir = mkdtempSync(path.join(tmpdir(), 'truenet-prometheus-'));
  const config = readFileSync(path.join(REPO_ROOT, 'deploy', 'prometheus', 'prometheus.yml'), 'utf8')
    .replace(/scrape_interval: \d+s/, 'scrape_interval: 1s')
    .replace(/credentials: .*/, `credentials: ${token}`)
    .replace(/targets: \[.*\]/, `targets: [${targets.map((target) => `'${target}'`).join(', ')}]`);
  writeFileSync(path.join(dir, 'prometheus.yml'), config);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child = spawn(
    PROMETHEUS,
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  createInterface({ input: child.stderr! }).on('line', (line) => {
    output.push(line);
    if (output.length > 50) output.shift();
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const api = async <T>(pathAndQuery: string): Promise<T> => {
    const response = await fetch(`${url}${pathAndQuery}`);
    const body = (await response.json()) as { status: string; data: T; error?: string };
    if (body.status !== 'success') throw new Error(`Prometheus ${pathAndQuery}: ${body.error}`);
    return body.data;
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prometheus exited:\n${output.join('\n')}`);
    if (
      await fetch(`${url}/-/ready`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`prometheus not ready after 30 s:\n${output.join('\n')}`);
    }
    await sleep(200);
  }
  return {
    async query(promql) {
      const data = await api<{ result: { metric: Record<string, string>; value: [number, string] }[] }>(
        `/api/v1/query?query=${encodeURIComponent(promql)}`,
      );
      return data.result;
    },
    async targets() {
      const data = await api<{ activeTargets: { labels: { instance: string }; health: string }[] }>(
        '/api/v1/targets',
      );
      return data.activeTargets.map((target) => ({
        instance: target.labels.instance,
        health: target.health,
      }));
    },
    stop,
  };
}
