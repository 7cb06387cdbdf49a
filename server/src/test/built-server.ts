import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config';
import { freePort } from './free-port';

/** What `npm start` runs, built. */
export const MAIN = path.join(REPO_ROOT, 'server', 'dist', 'main.js');

/** Brings server/dist up to date with the sources (incremental: quick when nothing changed). */
export function ensureServerBuilt(): void {
  try {
    execFileSync(
      process.execPath,
      [path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', 'server'],
      {
        cwd: REPO_ROOT,
        stdio: 'pipe',
        timeout: 240_000,
      },
    );
  } catch (error) {
    if (!existsSync(MAIN)) throw error;
  }
}

export interface BuiltServer {
  url: string;
  /** Everything it printed so far. */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** The built server in a process of its own, on a free port, once /readyz answers. */
export async function startBuiltServer(env: NodeJS.ProcessEnv): Promise<BuiltServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, APP_URL: url, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, output: () => output, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`server not ready after 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
