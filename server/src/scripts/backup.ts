import { existsSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { listBackups } from '../backup/backup-files';
import { takeBackup } from '../backup/take-backup';
import { ConfigError, loadConfig } from '../config';
import { DataDirInUseError } from '../db/data-dir-lock';
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
      await askRunningServer(error.holder.pid, config.backup.dir, started);
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

async function askRunningServer(pid: number, dir: string, since: Date) {
  console.log(`TrueNet (process ${pid}) has the embedded database open: asking it for the backup…`);
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + WAIT_FOR_RUNNING_MS;
  while (Date.now() < deadline) {
    const newest = listBackups(dir)[0];
    // Its name carries the second it was taken; the checksum is written last.
    if (newest && newest.takenAt.getTime() >= Math.floor(since.getTime() / 1000) * 1000) {
      if (existsSync(`${newest.file}.sha256`)) {
        console.log(
          `Saved ${newest.file} (${megabytes(statSync(newest.file).size)}, schema ${newest.schemaVersion}).`,
        );
        return;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no backup appeared in ${dir}: see the log of process ${pid}`);
}

main().catch((error: Error) => {
  console.error(
    error instanceof ConfigError || error instanceof DataDirInUseError
      ? `truenet: ${error.message}`
      : `Backup failed: ${error.message}`,
  );
  process.exit(1);
});
