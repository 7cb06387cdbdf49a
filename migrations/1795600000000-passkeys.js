/**
 * Passkeys (docs/product-rules.md §10).
 * - passkey: WebAuthn credentials (public key, signature counter, transports), several per account,
 *   named by their owner; `credential_id` (base64url) is unique across all accounts.
 * - webauthn_challenge: the challenge of a registration (with its account) or of a passkey sign-in
 *   (no account yet), single use and short lived, kept in PostgreSQL so that any instance can finish
 *   what another one started.
 */
module.exports = class Passkeys1795600000000 {
  name = 'Passkeys1795600000000';

  async up(q) {
    await q.query(`
      CREATE TABLE passkey (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        debtor_id integer NOT NULL REFERENCES debtor (id) ON DELETE CASCADE,
        credential_id text NOT NULL UNIQUE,
        public_key bytea NOT NULL,
        sign_count bigint NOT NULL DEFAULT 0,
        transports text[] NOT NULL DEFAULT '{}',
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz
      )`);
    await q.query('CREATE INDEX passkey_debtor ON passkey (debtor_id)');
    await q.query(`
      CREATE TABLE webauthn_challenge (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        debtor_id integer REFERENCES debtor (id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('register', 'sign_in')),
        challenge text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await q.query('CREATE INDEX webauthn_challenge_debtor ON webauthn_challenge (debtor_id)');
  }

  async down(q) {
    await q.query('DROP TABLE webauthn_challenge');
    await q.query('DROP TABLE passkey');
  }
};
