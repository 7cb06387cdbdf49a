import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('runs on embedded defaults with no environment at all', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.port).toBe(4000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.billing.mode).toBe('offline');
    expect(config.mail.smtpUrl).toBeUndefined();
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
  ])('refuses %o with an error naming the variable', (env, name) => {
    expect(() => loadConfig({ NODE_ENV: 'test', ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', ...env })).toThrow(name);
  });

  it('never gives subscriptions away in production because a key is missing', () => {
    const secret = 'x'.repeat(40);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret })).toThrow(/STRIPE_SECRET_KEY/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, BILLING: 'offline' }).billing.mode).toBe(
      'offline',
    );
  });

  it('requires a JWT secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', BILLING: 'offline' })).toThrow(/JWT_SECRET/);
  });
});
