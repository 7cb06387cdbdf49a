/**
 * Push notifications, first slice (docs/product-rules.md §17).
 * - app_key: keys every instance must share, made once (the VAPID pair when VAPID_* is not set);
 *   a private key is sealed with SECRETS_KEY (server/src/secret-box.ts).
 * - push_device: a browser's push subscription per account (its endpoint and keys), named by its
 *   owner; the same endpoint registered again updates it. A push service's 404 or 410 removes it.
 * - reminder_settings.push: whether reminders also go to the account's devices (default on).
 */
module.exports = class PushNotifications1796200000000 {
  name = 'PushNotifications1796200000000';

  async up(q) {
    await q.query(`
      CREATE TABLE app_key (
        name text PRIMARY KEY,
        public_value text NOT NULL,
        private_sealed text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE push_device (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        debtor_id integer NOT NULL REFERENCES debtor (id) ON DELETE CASCADE,
        endpoint text NOT NULL,
        p256dh text NOT NULL,
        auth text NOT NULL,
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_success_at timestamptz,
        UNIQUE (debtor_id, endpoint)
      )`);
    await q.query('ALTER TABLE reminder_settings ADD COLUMN push boolean NOT NULL DEFAULT true');
  }

  async down(q) {
    await q.query('ALTER TABLE reminder_settings DROP COLUMN push');
    await q.query('DROP TABLE push_device');
    await q.query('DROP TABLE app_key');
  }
};
