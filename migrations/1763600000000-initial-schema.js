/**
 * The initial TrueNet schema. Reviewed SQL, run by TypeORM on both the embedded PGlite and PostgreSQL.
 * Money is bigint cents (`*_cents`); calendar dates are `date`; instants are `timestamptz`.
 */
module.exports = class InitialSchema1763600000000 {
  name = 'InitialSchema1763600000000';

  async up(q) {
    await q.query(`
      CREATE TABLE debtor (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        username text NOT NULL CHECK (char_length(username) BETWEEN 4 AND 24),
        email text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
        first_name text NOT NULL CHECK (char_length(first_name) BETWEEN 1 AND 50),
        last_name text NOT NULL CHECK (char_length(last_name) BETWEEN 1 AND 50),
        password_hash text NOT NULL,
        temp_password_hash text,
        temp_password_expires_at timestamptz,
        status integer NOT NULL DEFAULT 999,
        role text NOT NULL DEFAULT 'USER',
        time_zone text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX debtor_username_ci ON debtor (lower(username))`);
    await q.query(`CREATE UNIQUE INDEX debtor_email_ci ON debtor (lower(email))`);

    await q.query(`
      CREATE TABLE subscription (
        debtor_id integer PRIMARY KEY REFERENCES debtor (id) ON DELETE CASCADE,
        status text NOT NULL DEFAULT 'incomplete'
          CHECK (status IN ('incomplete', 'trialing', 'active', 'past_due', 'canceled', 'unpaid')),
        plan text CHECK (plan IN ('QUARTERLY', 'YEARLY')),
        provider_customer_id text,
        provider_subscription_id text UNIQUE,
        checkout_session_id text,
        trial_end timestamptz,
        current_period_end timestamptz,
        cancel_at_period_end boolean NOT NULL DEFAULT false,
        provider_updated_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX subscription_customer ON subscription (provider_customer_id)`);

    await q.query(`
      CREATE TABLE wallet (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        debtor_id integer NOT NULL REFERENCES debtor (id) ON DELETE CASCADE,
        name text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 1 AND 100),
        description text CHECK (char_length(description) <= 255),
        balance_cents bigint NOT NULL DEFAULT 0 CHECK (abs(balance_cents) <= 99999999999),
        is_default boolean NOT NULL DEFAULT false,
        last_update timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (id, debtor_id)
      )`);
    await q.query(`CREATE INDEX wallet_debtor ON wallet (debtor_id, id)`);
    // Exactly one default wallet per user: enforced by the database, not only by the service.
    await q.query(`CREATE UNIQUE INDEX wallet_one_default ON wallet (debtor_id) WHERE is_default`);

    await q.query(`
      CREATE TABLE income_source (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        debtor_id integer NOT NULL REFERENCES debtor (id) ON DELETE CASCADE,
        source_name text NOT NULL CHECK (char_length(btrim(source_name)) BETWEEN 1 AND 100),
        source_url text CHECK (char_length(source_url) <= 255),
        description text CHECK (char_length(description) <= 1000),
        frequency text NOT NULL CHECK (frequency IN ('WEEKLY', 'BIWEEKLY', 'TWICE_MONTHLY', 'MONTHLY')),
        next_pmt_date date NOT NULL,
        bi_monthly_pay_date date,
        payment_cents bigint NOT NULL CHECK (payment_cents > 0 AND payment_cents <= 99999999999),
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (id, debtor_id),
        CHECK (frequency <> 'TWICE_MONTHLY' OR (bi_monthly_pay_date IS NOT NULL AND next_pmt_date < bi_monthly_pay_date))
      )`);
    await q.query(`CREATE INDEX income_source_debtor ON income_source (debtor_id, id)`);

    // "Deposited" belongs to an occurrence (source + date): the primary key refuses a double deposit.
    await q.query(`
      CREATE TABLE income_deposit (
        income_source_id integer NOT NULL,
        occurrence_date date NOT NULL,
        debtor_id integer NOT NULL,
        wallet_id integer REFERENCES wallet (id) ON DELETE SET NULL,
        amount_cents bigint NOT NULL CHECK (amount_cents > 0),
        deposited_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (income_source_id, occurrence_date),
        FOREIGN KEY (income_source_id, debtor_id) REFERENCES income_source (id, debtor_id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX income_deposit_debtor ON income_deposit (debtor_id, occurrence_date)`);

    await q.query(`
      CREATE TABLE liability (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        debtor_id integer NOT NULL REFERENCES debtor (id) ON DELETE CASCADE,
        creditor_name text NOT NULL CHECK (char_length(btrim(creditor_name)) BETWEEN 1 AND 100),
        creditor_url text CHECK (char_length(creditor_url) <= 255),
        description text CHECK (char_length(description) <= 1000),
        debt_type text NOT NULL CHECK (debt_type IN ('MORTGAGE_RENT', 'CAR_LOAN', 'GENERAL_LOAN', 'CREDIT_CARD',
          'INSURANCE', 'MOBILE_PHONE', 'SUBSCRIPTION', 'UTILITY', 'MISC_BILL')),
        frequency text NOT NULL CHECK (frequency IN ('WEEKLY', 'BIWEEKLY', 'MONTHLY', 'BIMONTHLY', 'QUARTERLY',
          'TWICE_YEARLY', 'YEARLY')),
        anchor_date date NOT NULL,
        due_date date NOT NULL,
        payment_cents bigint NOT NULL CHECK (payment_cents > 0 AND payment_cents <= 99999999999),
        balance_cents bigint CHECK (balance_cents >= 0 AND balance_cents <= 99999999999),
        auto_pay boolean NOT NULL DEFAULT false,
        current_paid boolean NOT NULL DEFAULT false,
        current_cleared boolean NOT NULL DEFAULT false,
        paid_wallet_id integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (current_paid OR NOT current_cleared),
        -- The paying wallet must be the same user's wallet.
        FOREIGN KEY (paid_wallet_id, debtor_id) REFERENCES wallet (id, debtor_id) ON DELETE SET NULL (paid_wallet_id)
      )`);
    await q.query(`CREATE INDEX liability_debtor ON liability (debtor_id, due_date)`);

    await q.query(`
      CREATE TABLE register_entry (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        debtor_id integer NOT NULL,
        wallet_id integer NOT NULL,
        direction text NOT NULL CHECK (direction IN ('spent', 'deposited')),
        amount_cents bigint NOT NULL CHECK (amount_cents > 0),
        kind text NOT NULL DEFAULT 'transaction'
          CHECK (kind IN ('transaction', 'adjustment', 'pay_deposit', 'bill_payment')),
        description text CHECK (char_length(description) <= 255),
        occurred_on date NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        FOREIGN KEY (wallet_id, debtor_id) REFERENCES wallet (id, debtor_id) ON DELETE CASCADE
      )`);
    // The register shows the last 28 days, newest first; the purge deletes by age.
    await q.query(`CREATE INDEX register_entry_wallet_recent ON register_entry (wallet_id, created_at DESC)`);
    await q.query(`CREATE INDEX register_entry_created ON register_entry (created_at)`);

    await q.query(`
      CREATE TABLE suggestion (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('creditor', 'income')),
        name text NOT NULL,
        url text,
        UNIQUE (kind, name)
      )`);

    await q.query(`
      CREATE TABLE refresh_token (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        debtor_id integer NOT NULL REFERENCES debtor (id) ON DELETE CASCADE,
        family_id uuid NOT NULL,
        token_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        rotated_at timestamptz,
        revoked_at timestamptz,
        replaced_by uuid
      )`);
    await q.query(`CREATE INDEX refresh_token_family ON refresh_token (family_id)`);
    await q.query(`CREATE INDEX refresh_token_debtor ON refresh_token (debtor_id)`);

    await q.query(`
      CREATE TABLE email_code (
        debtor_id integer PRIMARY KEY REFERENCES debtor (id) ON DELETE CASCADE,
        code_hash text NOT NULL,
        expires_at timestamptz NOT NULL,
        failed_attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE contact_message (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        debtor_id integer REFERENCES debtor (id) ON DELETE SET NULL,
        sender_name text NOT NULL CHECK (char_length(sender_name) <= 75),
        sender_email text NOT NULL CHECK (char_length(sender_email) <= 254),
        message text NOT NULL CHECK (char_length(message) BETWEEN 1 AND 1000),
        ip text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE processed_webhook_event (
        event_id text PRIMARY KEY,
        type text NOT NULL,
        event_created_at timestamptz NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE api_token (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        debtor_id integer NOT NULL REFERENCES debtor (id) ON DELETE CASCADE,
        name text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 1 AND 100),
        scope text NOT NULL DEFAULT 'READ' CHECK (scope IN ('READ', 'READ_WRITE')),
        token_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz
      )`);
    await q.query(`CREATE INDEX api_token_debtor ON api_token (debtor_id)`);

    await q.query(`
      CREATE TABLE outbox_mail (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        to_address text NOT NULL,
        subject text NOT NULL,
        text_body text NOT NULL,
        html_body text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX outbox_mail_to ON outbox_mail (lower(to_address), created_at DESC)`);

    await q.query(`
      CREATE TABLE rate_limit (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      )`);
    // Shape required by rate-limiter-flexible's PostgreSQL store (created here, not at run time).

    await q.query(`
      CREATE TABLE audit_log (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        debtor_id integer REFERENCES debtor (id) ON DELETE SET NULL,
        event text NOT NULL,
        ip text,
        details jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX audit_log_debtor ON audit_log (debtor_id, created_at DESC)`);

    await q.query(`
      INSERT INTO suggestion (kind, name, url) VALUES
        ('creditor', 'Netflix', 'netflix.com'),
        ('creditor', 'Hulu', 'hulu.com'),
        ('creditor', 'Disney+', 'disneyplus.com'),
        ('creditor', 'Spotify', 'spotify.com'),
        ('creditor', 'YouTube Premium', 'youtube.com'),
        ('creditor', 'Amazon Prime', 'amazon.com'),
        ('creditor', 'Apple iCloud', 'apple.com'),
        ('creditor', 'Verizon', 'verizon.com'),
        ('creditor', 'AT&T', 'att.com'),
        ('creditor', 'T-Mobile', 't-mobile.com'),
        ('creditor', 'Comcast Xfinity', 'xfinity.com'),
        ('creditor', 'Spectrum', 'spectrum.com'),
        ('creditor', 'Wells Fargo', 'wellsfargo.com'),
        ('creditor', 'Chase', 'chase.com'),
        ('creditor', 'Bank of America', 'bankofamerica.com'),
        ('creditor', 'Capital One', 'capitalone.com'),
        ('creditor', 'Discover', 'discover.com'),
        ('creditor', 'American Express', 'americanexpress.com'),
        ('creditor', 'Rocket Mortgage', 'rocketmortgage.com'),
        ('creditor', 'Toyota Financial Services', 'toyotafinancial.com'),
        ('creditor', 'Ford Credit', 'ford.com'),
        ('creditor', 'GEICO', 'geico.com'),
        ('creditor', 'State Farm', 'statefarm.com'),
        ('creditor', 'Progressive', 'progressive.com'),
        ('creditor', 'Allstate', 'allstate.com'),
        ('creditor', 'Duke Energy', 'duke-energy.com'),
        ('creditor', 'PG&E', 'pge.com'),
        ('creditor', 'Navient', 'navient.com'),
        ('income', 'ADP Payroll', 'adp.com'),
        ('income', 'Paychex', 'paychex.com'),
        ('income', 'Gusto', 'gusto.com'),
        ('income', 'Social Security', 'ssa.gov'),
        ('income', 'Walmart', 'walmart.com'),
        ('income', 'Amazon', 'amazon.com'),
        ('income', 'Target', 'target.com'),
        ('income', 'Uber', 'uber.com'),
        ('income', 'DoorDash', 'doordash.com')
    `);
  }

  async down(q) {
    for (const table of [
      'audit_log',
      'rate_limit',
      'outbox_mail',
      'api_token',
      'processed_webhook_event',
      'contact_message',
      'email_code',
      'refresh_token',
      'suggestion',
      'register_entry',
      'liability',
      'income_deposit',
      'income_source',
      'wallet',
      'subscription',
      'debtor',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
};
