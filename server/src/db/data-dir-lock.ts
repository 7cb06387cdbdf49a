import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/** Who holds an embedded data directory: written into the lock file by the holder. */
export interface LockHolder {
  pid: number;
  command: string;
  host: string;
  startedAt: string;
  /**
   * Where this process writes the backups `npm run backup` asks it for (SIGUSR2): the server's
   * BACKUP_DIR. Absent for a process that takes none (seed:demo, migrate, restore).
   */
  backupDir?: string;
}

export interface DataDirLock {
  file: string;
  release(): void;
}

/** A second process asked for a data directory another live process holds. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
    readonly file: string,
  ) {
    super(
      [
        `the embedded database in ${dataDir} is in use by process ${holder.pid} (${holder.command}), started ${holder.startedAt}.`,
        'Only one process may open it at a time: stop that one first (Ctrl+C in its terminal, or',
        `kill ${holder.pid}), then run this again. \`npm run seed:demo\` and \`npm run migrate\` work on a stopped app.`,
        `If no such process is running, delete ${file}.`,
      ].join('\n'),
    );
    this.name = 'DataDirInUseError';
  }
}

const LOCK_FILE = 'truenet.lock';

/** The command line people recognise: `node server/dist/scripts/seed-demo.js`, not absolute paths. */
function currentCommand(): string {
  const npmScript = process.env.npm_lifecycle_event;
  const script = path.relative(process.cwd(), process.argv[1] ?? '') || process.argv[1] || '';
  const command = `node ${script}`.trim();
  if (!npmScript || npmScript === 'npx' || npmScript === 'test') return command;
  return `${npmScript === 'start' ? 'npm start' : `npm run ${npmScript}`}: ${command}`;
}

/** True when the process exists (EPERM: it exists but belongs to someone else). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    return typeof parsed.pid === 'number' ? (parsed as LockHolder) : null;
  } catch {
    return null;
  }
}

const UNKNOWN_HOLDER: LockHolder = {
  pid: 0,
  command: 'starting up',
  host: hostname(),
  startedAt: 'just now',
};

function justCreated(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs < 2000;
  } catch {
    return false;
  }
}

/**
 * The holder still owns the directory: its process is alive on this machine. A holder on another
 * host (a shared network directory) cannot be checked, so it counts as alive.
 */
function holds(holder: LockHolder | null): holder is LockHolder {
  if (!holder) return false;
  if (holder.host !== hostname()) return true;
  return holder.pid === process.pid || isAlive(holder.pid);
}

/**
 * Takes the data directory for this process, before PGlite touches it: PGlite has no lock of its
 * own, and two processes on one directory corrupt it (stale sequences, broken indexes). The lock
 * file names the holder's pid and command; a lock whose process is gone (killed, crashed) is stale
 * and taken over. Released on close and, as a last resort, when the process exits.
 */
export function acquireDataDirLock(dataDir: string, { backupDir }: { backupDir?: string } = {}): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const me: LockHolder = {
    pid: process.pid,
    command: currentCommand(),
    host: hostname(),
    startedAt: new Date().toISOString(),
    ...(backupDir ? { backupDir } : {}),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      if (holds(holder)) throw new DataDirInUseError(dataDir, holder, file);
      if (!holder && justCreated(file)) {
        // Another process created it a moment ago and is writing its name into it.
        throw new DataDirInUseError(dataDir, UNKNOWN_HOLDER, file);
      }
      // Stale: move it aside under a name of our own (rename is atomic), then try again.
      try {
        const aside = `${file}.stale-${process.pid}`;
        renameSync(file, aside);
        unlinkSync(aside);
      } catch {
        // Another process cleared it first; the next attempt sees who holds it now.
      }
      continue;
    }
    writeSync(fd, JSON.stringify(me));
    closeSync(fd);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.removeListener('exit', release);
      if (readHolder(file)?.pid === process.pid) {
        try {
          unlinkSync(file);
        } catch {
          // Already gone.
        }
      }
    };
    process.on('exit', release);
    return { file, release };
  }
  const holder = readHolder(file);
  if (holder) throw new DataDirInUseError(dataDir, holder, file);
  throw new Error(`could not take the lock ${file}`);
}
