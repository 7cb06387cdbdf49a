import { existsSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { listBackups } from '../backup/backup-files';
import { takeBackup } from '../backup/take-backup';
import { ConfigError, loadConfig } from '../config';
import { DataDirInUseError, isAlive, type LockHolder } from '../db/data-dir-lock';
import { openDatabase } from '../db/database';

/** How long `npm run backup` waits for a running TrueNet to write the backup it asked for. */
const WAIT_FOR_RUNNING_MS = 10 * 60_000;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * `npm run backup`: one backup into BACKUP_DIR. With the embedded database held by a running
 * TrueNet, that process takes it (asked with SIGUSR2, the same backup as its daily one) and this
 * command waits for the file.
 */
async function main() {
  const config = loadConfig();
  const started = new Date();
  let db;
  try {
    db = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirInUseError && error.holder.host === hostname()) {
      await askRunningServer(error.holder, config.backup.dir, started);
      return;
    }
    throw error;
  }
  try {
    console.log(`Backing up the ${db.embedded ? 'embedded database' : 'PostgreSQL database'}…`);
    const taken = await takeBackup(db.dataSource, db.backupSource, config.backup.dir, started, console.log);
    console.log(`Saved ${taken.file} (${megabytes(taken.bytes)}, schema ${taken.schemaVersion}).`);
    console.log(
      `Its checksum is in ${path.basename(taken.file)}.sha256. Restore it with: npm run restore -- ${taken.file}`,
    );
  } finally {
    await db.close();
  }
}

/** How often the wait for a running TrueNet's backup says it is still waiting. */
const STILL_WAITING_EVERY_MS = 15_000;

/**
 * The running server takes the backup into its own BACKUP_DIR, which its lock file names: this
 * command waits there, and says so when it is not the folder this command was given. A process
 * that takes no backups (seed:demo, migrate, a TrueNet from before the lock said where) is told
 * at once, not waited for.
 */
async function askRunningServer(holder: LockHolder, askedDir: string, since: Date) {
  const { pid, command, backupDir } = holder;
  if (!backupDir) {
    throw new Error(
      `process ${pid} (${command}) has the embedded database open and takes no backups. ` +
        'Run this again when it has finished, or stop it first.',
    );
  }
  console.log(`TrueNet (process ${pid}) has the embedded database open: asking it for the backup…`);
  if (path.resolve(backupDir) !== path.resolve(askedDir)) {
    console.log(
      `It writes its backups to ${backupDir} (its own BACKUP_DIR), not ${askedDir}: the backup will be there.`,
    );
  }
  // The newest backup before asking: the one asked for is another file (a backup taken earlier in
  // the same second has a name as new).
  const before = listBackups(backupDir)[0]?.file;
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + WAIT_FOR_RUNNING_MS;
  let nextWord = Date.now() + STILL_WAITING_EVERY_MS;
  while (Date.now() < deadline) {
    const newest = listBackups(backupDir)[0];
    // Its name carries the second it was taken; the checksum is written last.
    if (
      newest &&
      newest.file !== before &&
      newest.takenAt.getTime() >= Math.floor(since.getTime() / 1000) * 1000
    ) {
      if (existsSync(`${newest.file}.sha256`)) {
        console.log(
          `Saved ${newest.file} (${megabytes(statSync(newest.file).size)}, schema ${newest.schemaVersion}).`,
        );
        return;
      }
    }
    if (!isAlive(pid)) throw new Error(`process ${pid} stopped before it wrote the backup`);
    if (Date.now() >= nextWord) {
      console.log(`Still waiting for process ${pid} to write the backup in ${backupDir}…`);
      nextWord = Date.now() + STILL_WAITING_EVERY_MS;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no backup appeared in ${backupDir}: see the log of process ${pid}`);
}

main().catch((error: Error) => {
  console.error(
    error instanceof ConfigError || error instanceof DataDirInUseError
      ? `truenet: ${error.message}`
      : `Backup failed: ${error.message}`,
  );
  process.exit(1);
});
