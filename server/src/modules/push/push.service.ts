import { createPublicKey } from 'node:crypto';
import type { AppDeps } from '../../deps';
import { queryOne, queryRows } from '../../db/sql';
import { badUserInput, notFound } from '../../errors';
import { sendPush, type PushOutcome } from './push-sender';
import { vapidKeys } from './vapid-keys';

/**
 * Push devices (docs/product-rules.md §17): a browser's push subscription kept per account, a test
 * push on request, and a device the push service says is gone (404/410) removed.
 */
export interface DeviceRow {
  id: string;
  name: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Date;
  last_success_at: Date | null;
}

const DEVICE_COLUMNS = 'id, name, endpoint, p256dh, auth, created_at, last_success_at';
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

const bytesOf = (text: string) =>
  BASE64URL.test(text) && text.length <= 200 ? Buffer.from(text, 'base64url') : undefined;

/** A browser's p256dh: an uncompressed P-256 point (RFC 8291), or nothing a push could be encrypted to. */
function isPushKey(text: string): boolean {
  const bytes = bytesOf(text);
  if (bytes?.length !== 65 || bytes[0] !== 0x04) return false;
  try {
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      x: bytes.subarray(1, 33).toString('base64url'),
      y: bytes.subarray(33).toString('base64url'),
    };
    createPublicKey({ key: jwk, format: 'jwk' });
    return true;
  } catch {
    return false;
  }
}

/** A browser's auth secret: 16 bytes (RFC 8291). */
const isPushSecret = (text: string) => bytesOf(text)?.length === 16;
export const MAX_DEVICES = 10;

export interface DeviceInput {
  endpoint: string;
  p256dh: string;
  auth: string;
  name: string | null;
}

/** https only; http to a loopback address outside production (tests). */
function checkEndpoint(raw: string, production: boolean): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badUserInput('This is not a push endpoint', 'endpoint');
  }
  const loopback = ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback && !production)) {
    throw badUserInput('Push endpoints must use https', 'endpoint');
  }
  if (raw.length > 2000) throw badUserInput('This push endpoint is too long', 'endpoint');
  return url.toString();
}

export async function listDevices(deps: AppDeps, debtorId: number): Promise<DeviceRow[]> {
  return queryRows<DeviceRow>(
    deps.dataSource,
    `SELECT ${DEVICE_COLUMNS} FROM push_device WHERE debtor_id = $1 ORDER BY created_at, id`,
    [debtorId],
  );
}

/** Keeps a browser's subscription; the same endpoint again updates its keys and name. */
export async function registerDevice(
  deps: AppDeps,
  debtorId: number,
  input: DeviceInput,
): Promise<DeviceRow> {
  const endpoint = checkEndpoint(input.endpoint.trim(), deps.config.nodeEnv === 'production');
  if (!isPushKey(input.p256dh) || !isPushSecret(input.auth)) {
    throw badUserInput('The subscription keys are not valid', 'p256dh');
  }
  const name = (input.name ?? '').trim().slice(0, 60) || 'This device';
  return deps.dataSource.transaction(async (m) => {
    const count = await queryOne<{ count: number }>(
      m,
      'SELECT count(*)::int AS count FROM push_device WHERE debtor_id = $1 AND endpoint <> $2',
      [debtorId, endpoint],
    );
    if ((count?.count ?? 0) >= MAX_DEVICES) {
      throw badUserInput(`You have ${MAX_DEVICES} devices, the most allowed: remove one first`, 'endpoint');
    }
    return (await queryOne<DeviceRow>(
      m,
      `INSERT INTO push_device (debtor_id, endpoint, p256dh, auth, name) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (debtor_id, endpoint) DO UPDATE SET p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, name = EXCLUDED.name
       RETURNING ${DEVICE_COLUMNS}`,
      [debtorId, endpoint, input.p256dh, input.auth, name],
    )) as DeviceRow;
  });
}

export async function removeDevice(deps: AppDeps, debtorId: number, id: string): Promise<void> {
  const removed = await queryRows(
    deps.dataSource,
    'DELETE FROM push_device WHERE id = $1 AND debtor_id = $2 RETURNING id',
    [id, debtorId],
  );
  if (removed.length === 0) throw notFound('Device');
}

/** Records what a push to a device came to: the last success, or the device gone. */
export async function recordOutcome(deps: AppDeps, deviceId: string, outcome: PushOutcome): Promise<void> {
  if (outcome === 'sent') {
    await queryRows(deps.dataSource, 'UPDATE push_device SET last_success_at = $2 WHERE id = $1', [
      deviceId,
      deps.clock.now(),
    ]);
  } else if (outcome === 'gone') {
    await queryRows(deps.dataSource, 'DELETE FROM push_device WHERE id = $1', [deviceId]);
  }
}

/** 'Send a test' to one of the account's devices; true when the push service took it. */
export async function sendTestPush(deps: AppDeps, debtorId: number, id: string): Promise<boolean> {
  const device = await queryOne<DeviceRow>(
    deps.dataSource,
    `SELECT ${DEVICE_COLUMNS} FROM push_device WHERE id = $1 AND debtor_id = $2`,
    [id, debtorId],
  );
  if (!device) throw notFound('Device');
  const outcome = await sendPush(
    device,
    {
      title: 'TrueNet',
      body: 'Notifications work on this device.',
      url: `${deps.config.appUrl}/#/manageaccount`,
      tag: 'test',
    },
    await vapidKeys(deps),
    `mailto:${deps.config.mail.supportEmail}`,
  );
  await recordOutcome(deps, device.id, outcome);
  if (outcome === 'gone')
    throw badUserInput('This device no longer accepts notifications: it was removed', 'id');
  return outcome === 'sent';
}
