import { ConfigError, DEFAULT_DATABASE_POOL_SIZE, loadConfig } from './config';

const KEY = 'ab'.repeat(32);

describe('configuration', () => {
  it('runs on embedded defaults with no environment at all', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.port).toBe(4000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.billing.mode).toBe('offline');
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.jobs.registerPurgeSeconds).toBe(86_400);
    expect(config.trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', REGISTER_PURGE_SECONDS: '2' }).jobs.registerPurgeSeconds).toBe(2);
    expect(loadConfig({ NODE_ENV: 'test' }).jobs.reminderScanSeconds).toBe(300);
    expect(loadConfig({ NODE_ENV: 'test' }).jobs.reminders).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', REMINDERS: 'off' }).jobs.reminders).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', REMINDER_SCAN_SECONDS: '30' }).jobs.reminderScanSeconds).toBe(30);
    // A person on Sync now hears from a silent bridge within 15 s; heavy work admitted a few at a time.
    expect(config.bank.syncNowSeconds).toBe(12);
    expect(config.heavy.perHousehold).toBe(2);
    expect(loadConfig({ NODE_ENV: 'test', HEAVY_PER_INSTANCE: '8' }).heavy.perInstance).toBe(8);
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL/],
    [{ DATABASE_URL: 'mysql://localhost/x' }, /DATABASE_URL/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV/],
    [{ BILLING: 'free' }, /BILLING/],
    [{ REGISTER_PURGE_SECONDS: '0' }, /REGISTER_PURGE_SECONDS/],
    [{ REMINDER_SCAN_SECONDS: 'often' }, /REMINDER_SCAN_SECONDS/],
    [{ REMINDERS: 'no' }, /REMINDERS must be "on" or "off"/],
    [{ REGISTER_PURGE_SECONDS: '1.5' }, /REGISTER_PURGE_SECONDS/],
    [{ BANK_SYNC_NOW_SECONDS: '90' }, /BANK_SYNC_NOW_SECONDS/],
    [{ HEAVY_PER_HOUSEHOLD: '0' }, /HEAVY_PER_HOUSEHOLD/],
  ])('refuses %o with an error naming the variable', (env, name) => {
    expect(() => loadConfig({ NODE_ENV: 'test', ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', ...env })).toThrow(name);
  });

  it('reads TRUST_PROXY as a hop count when it is a number (behind one load balancer: 1), else as addresses', () => {
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
  });

  it('never gives subscriptions away in production because a key is missing', () => {
    const secret = 'x'.repeat(40);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, SECRETS_KEY: KEY })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, BILLING: 'offline', SECRETS_KEY: KEY }).billing
        .mode,
    ).toBe('offline');
  });

  it('refuses a sender or support address that is not an e-mail address, naming the variable', () => {
    expect(
      loadConfig({ MAIL_FROM: 'TrueNet <bills@example.com>', SUPPORT_EMAIL: 'help@example.com' }).mail,
    ).toEqual(
      expect.objectContaining({ from: 'TrueNet <bills@example.com>', supportEmail: 'help@example.com' }),
    );
    expect(() => loadConfig({ SUPPORT_EMAIL: 'TrueNet <help@example.com>' })).toThrow(
      /SUPPORT_EMAIL must be an e-mail address/,
    );
    expect(() => loadConfig({ MAIL_FROM: 'no-reply at example' })).toThrow(
      /MAIL_FROM must be an e-mail address or "Name <address>"/,
    );
  });

  it('runs only trusted documents for browsers in production, unless TRUSTED_DOCUMENTS=off', () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      BILLING: 'offline',
      SECRETS_KEY: KEY,
    };
    expect(loadConfig(production).trustedDocumentsOnly).toBe(true);
    expect(loadConfig({ ...production, TRUSTED_DOCUMENTS: 'off' }).trustedDocumentsOnly).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).trustedDocumentsOnly).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', TRUSTED_DOCUMENTS: 'on' }).trustedDocumentsOnly).toBe(true);
    expect(() => loadConfig({ TRUSTED_DOCUMENTS: 'yes' })).toThrow(/TRUSTED_DOCUMENTS must be "on" or "off"/);
  });

  it('listens on loopback only outside production unless HOST opts in, and everywhere in production', () => {
    expect(loadConfig({}).hosts).toEqual(['127.0.0.1', '::1']);
    expect(loadConfig({ HOST: '0.0.0.0' }).hosts).toEqual(['0.0.0.0']);
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), BILLING: 'offline', SECRETS_KEY: KEY })
        .hosts,
    ).toBe(undefined);
    expect(() => loadConfig({ HOST: 'http://example.com' })).toThrow(/HOST must be one address/);
  });

  it('reads WEB_CONCURRENCY as processes on one PORT, and needs a shared database for more than one', () => {
    const url = 'postgresql://postgres@127.0.0.1:5432/postgres';
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '3', DATABASE_URL: url }).workers).toBe(3);
    expect(loadConfig({ WEB_CONCURRENCY: 'auto', DATABASE_URL: url }).workers).toBeGreaterThanOrEqual(1);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(/needs DATABASE_URL/);
    expect(() => loadConfig({ WEB_CONCURRENCY: '0', DATABASE_URL: url })).toThrow(/from 1 to 64, or "auto"/);
  });

  it('reads DATABASE_POOL_SIZE as the connections one process opens', () => {
    expect(loadConfig({}).databasePoolSize).toBe(DEFAULT_DATABASE_POOL_SIZE);
    expect(loadConfig({ DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
    for (const bad of ['0', '101', 'ten', '-2', '4.5']) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(
        `DATABASE_POOL_SIZE must be a number of connections from 1 to 100, got "${bad}"`,
      );
    }
  });

  it('backs up through DATABASE_URL unless BACKUP_DATABASE_URL names the database itself', () => {
    const pooled = 'postgresql://truenet@pgbouncer:6432/truenet';
    const direct = 'postgresql://truenet@dbproxy:5432/truenet';
    expect(loadConfig({}).backup.databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: pooled }).backup.databaseUrl).toBe(pooled);
    expect(loadConfig({ DATABASE_URL: pooled, BACKUP_DATABASE_URL: direct }).backup.databaseUrl).toBe(direct);
    expect(() => loadConfig({ BACKUP_DATABASE_URL: 'mysql://x' })).toThrow(
      'BACKUP_DATABASE_URL must start with postgres:// or postgresql://',
    );
  });

  it('requires a JWT secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', BILLING: 'offline' })).toThrow(/JWT_SECRET/);
  });

  it('requires SECRETS_KEY in production as 64 hex digits, and keeps a local one outside it', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), BILLING: 'offline' };
    expect(() => loadConfig(production)).toThrow(/SECRETS_KEY is required/);
    expect(() => loadConfig({ ...production, SECRETS_KEY: 'short' })).toThrow(/64 hex digits/);
    expect(loadConfig({ ...production, SECRETS_KEY: KEY }).bank.secretsKey.toString('hex')).toBe(KEY);
    expect(loadConfig({ NODE_ENV: 'test' }).bank.secretsKey).toHaveLength(32);
  });

  it('allows http to loopback for SimpleFIN only outside production, and only by name', () => {
    expect(loadConfig({ NODE_ENV: 'test', SIMPLEFIN_ALLOW_HTTP: 'loopback' }).bank.allowLoopbackHttp).toBe(
      true,
    );
    expect(loadConfig({ NODE_ENV: 'test' }).bank.allowLoopbackHttp).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'test', SIMPLEFIN_ALLOW_HTTP: 'yes' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        BILLING: 'offline',
        SECRETS_KEY: KEY,
        SIMPLEFIN_ALLOW_HTTP: 'loopback',
      }),
    ).toThrow(/refused when NODE_ENV=production/);
  });
});
