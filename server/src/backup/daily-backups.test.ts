import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { movableClock } from '../test/accounts';
import { newUser } from '../test/finance';
import { startTestApp, type TestApp } from '../test/harness';
import { backupFileName, checksumProblem, listBackups, pruneBackups, readBackupName } from './backup-files';
import { backupDue, startDailyBackups } from './daily-backups';
import type { BackupSource } from './take-backup';

/**
 * The daily backup's rules: when one is due (BACKUP_HOUR in UTC, or none for a day), that a
 * database without accounts is not backed up, BACKUP_KEEP, the outcome counted in the metrics,
 * and a failure that is logged and counted without reaching anyone's request.
 */

describe('backupDue', () => {
  const at = (iso: string) => new Date(iso);
  it.each([
    ['no backup yet', undefined, '2026-11-27T10:00:00Z', true],
    ['none for 24 hours', '2026-11-26T09:59:00Z', '2026-11-27T10:00:00Z', true],
    ['BACKUP_HOUR has come and today’s is not taken', '2026-11-26T14:00:00Z', '2026-11-27T03:05:00Z', true],
    ['today’s taken at the hour', '2026-11-27T03:00:10Z', '2026-11-27T09:00:00Z', false],
    ['before the hour, yesterday’s is recent', '2026-11-26T14:00:00Z', '2026-11-27T02:59:00Z', false],
  ])('%s', (_title, newest, now, due) => {
    expect(backupDue(newest ? at(newest) : undefined, at(now), 3)).toBe(due);
  });
});

describe('backup files', () => {
  it('are named with the UTC time and the schema version, and read back', () => {
    const name = backupFileName('postgres', new Date('2026-11-27T03:00:09.123Z'), 1797100000000);
    expect(name).toBe('truenet-20261127T030009Z-1797100000000.dump');
    expect(readBackupName(`/x/${name}`)).toEqual({
      file: `/x/${name}`,
      takenAt: new Date('2026-11-27T03:00:09Z'),
      schemaVersion: 1797100000000,
      kind: 'postgres',
    });
    expect(readBackupName('/x/notes.txt')).toBeUndefined();
  });
});

describe('the daily backup', () => {
  let t: TestApp;
  let dir: string;
  const clock = movableClock();
  const bytes: BackupSource = { kind: 'embedded', dump: async () => new Uint8Array([1, 2, 3]) };
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'truenet-daily-'));
    t = await startTestApp({ clock, env: { BACKUP_DIR: dir, BACKUP_KEEP: '2', BACKUP_HOUR: '3' } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const counted = async (outcome: string) => {
    const text = await (await fetch(`${t.url}/metrics`)).text();
    const line = text
      .split('\n')
      .find((l) => l.startsWith(`truenet_jobs_total{job="backup",outcome="${outcome}"}`));
    return line ? Number(line.split(' ')[1]) : 0;
  };

  it('keeps the BACKUP_KEEP newest, each with its checksum, and counts each run', async () => {
    await newUser(t);
    const backups = startDailyBackups(t.deps, bytes, false);
    try {
      for (const iso of ['2026-11-24T03:00:00Z', '2026-11-25T03:00:00Z', '2026-11-26T03:00:00Z']) {
        clock.freeze(new Date(iso));
        await backups.takeNow();
      }
    } finally {
      await backups.stop();
    }
    const kept = listBackups(dir);
    expect(kept.map((backup) => backup.takenAt.toISOString())).toEqual([
      '2026-11-26T03:00:00.000Z',
      '2026-11-25T03:00:00.000Z',
    ]);
    for (const backup of kept) expect(await checksumProblem(backup.file)).toBeUndefined();
    expect(readdirSync(dir)).toHaveLength(4);
    expect(await counted('done')).toBe(3);
    expect(pruneBackups(dir, 2)).toEqual([]);
  });

  it('counts a failed backup, leaves no partial file, and throws nowhere', async () => {
    const failing: BackupSource = {
      kind: 'embedded',
      dump: async () => {
        throw new Error('disk full');
      },
    };
    const backups = startDailyBackups(t.deps, failing, false);
    clock.freeze(new Date('2026-11-27T03:00:00Z'));
    await backups.takeNow();
    await backups.stop();
    expect(await counted('failed')).toBe(1);
    expect(readdirSync(dir).some((name) => name.endsWith('.partial'))).toBe(false);
  });

  it('notices a damaged file by its checksum', async () => {
    const [newest] = listBackups(dir);
    writeFileSync(newest!.file, 'changed');
    expect(await checksumProblem(newest!.file)).toBe(
      'its checksum does not match: the file is damaged or incomplete',
    );
  });
});
