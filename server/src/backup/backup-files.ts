import { createHash } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/**
 * The files of BACKUP_DIR: `truenet-<UTC time>-<schema version>.<tar.gz|dump>`, each with a
 * `<file>.sha256` beside it in sha256sum's format, so that `sha256sum -c` checks one by hand too.
 * The schema version is the timestamp of the last migration the backed-up database had run.
 */

export type BackupKind = 'embedded' | 'postgres';

const EXTENSIONS: Record<BackupKind, string> = { embedded: 'tar.gz', postgres: 'dump' };
const NAME = /^truenet-(\d{8}T\d{6}Z)-(\d+)\.(tar\.gz|dump)$/;

export interface BackupFile {
  file: string;
  takenAt: Date;
  schemaVersion: number;
  kind: BackupKind;
}

function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

export function backupFileName(kind: BackupKind, takenAt: Date, schemaVersion: number): string {
  return `truenet-${utcStamp(takenAt)}-${schemaVersion}.${EXTENSIONS[kind]}`;
}

/** What a backup's name says, or undefined for a file that is not one. */
export function readBackupName(file: string): BackupFile | undefined {
  const match = NAME.exec(path.basename(file));
  if (!match) return undefined;
  const [, stamp, version, extension] = match;
  const iso = stamp!.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z');
  return {
    file,
    takenAt: new Date(iso),
    schemaVersion: Number(version),
    kind: extension === 'dump' ? 'postgres' : 'embedded',
  };
}

export function sha256Of(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

export async function writeChecksum(file: string): Promise<void> {
  writeFileSync(`${file}.sha256`, `${await sha256Of(file)}  ${path.basename(file)}\n`);
}

/** Why a backup cannot be trusted, or undefined when its checksum matches. */
export async function checksumProblem(file: string): Promise<string | undefined> {
  const sidecar = `${file}.sha256`;
  if (!existsSync(sidecar)) return `${path.basename(sidecar)} is missing beside it`;
  const expected = readFileSync(sidecar, 'utf8').trim().split(/\s+/)[0];
  const actual = await sha256Of(file);
  return expected === actual ? undefined : 'its checksum does not match: the file is damaged or incomplete';
}

/** BACKUP_DIR's backups, newest first. */
export function listBackups(dir: string): BackupFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => readBackupName(path.join(dir, name)))
    .filter((backup): backup is BackupFile => backup !== undefined)
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

/** Deletes all but the `keep` newest backups (and their checksums); answers what it deleted. */
export function pruneBackups(dir: string, keep: number): string[] {
  const old = listBackups(dir).slice(keep);
  for (const backup of old) {
    rmSync(backup.file, { force: true });
    rmSync(`${backup.file}.sha256`, { force: true });
  }
  return old.map((backup) => backup.file);
}

export function ensureDir(dir: string): void {
  mkdirSync(dir, { recursive: true });
}
