import webpush from 'web-push';
import type { AppDeps } from '../../deps';
import { queryOne } from '../../db/sql';
import { openSecret, sealSecret } from '../../secret-box';

/** The VAPID pair every instance signs pushes with. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const KEY_NAME = 'vapid';
const cache = new WeakMap<object, Promise<VapidKeys>>();

async function storedOrMade(deps: AppDeps): Promise<VapidKeys> {
  // Made once: the first instance's pair is kept; one that loses the race reads the winner's.
  const made = webpush.generateVAPIDKeys();
  await queryOne(
    deps.dataSource,
    `INSERT INTO app_key (name, public_value, private_sealed) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING`,
    [KEY_NAME, made.publicKey, sealSecret(deps.config.bank.secretsKey, made.privateKey, KEY_NAME)],
  );
  const row = (await queryOne<{ public_value: string; private_sealed: string }>(
    deps.dataSource,
    'SELECT public_value, private_sealed FROM app_key WHERE name = $1',
    [KEY_NAME],
  )) as { public_value: string; private_sealed: string };
  return {
    publicKey: row.public_value,
    privateKey: openSecret(deps.config.bank.secretsKey, row.private_sealed, KEY_NAME),
  };
}

/**
 * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when configured, else a pair made once and kept in PostgreSQL
 * (the private key sealed with SECRETS_KEY), so that every instance signs with the same one.
 */
export function vapidKeys(deps: AppDeps): Promise<VapidKeys> {
  if (deps.config.vapid) return Promise.resolve(deps.config.vapid);
  let keys = cache.get(deps.dataSource);
  if (!keys) {
    keys = storedOrMade(deps);
    keys.catch(() => cache.delete(deps.dataSource));
    cache.set(deps.dataSource, keys);
  }
  return keys;
}
