import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isEmail } from 'class-validator';
import { DEFAULT_LIMITS } from './heavy/admission';

/** The repository root, the same from server/src and server/dist. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  /**
   * The addresses the server listens on; undefined: every interface. Outside production the
   * default is loopback only, since /dev/mailbox shows sign-in codes to whoever can reach it.
   */
  hosts: string[] | undefined;
  /** WEB_CONCURRENCY: processes serving PORT together (node:cluster); 'auto' is one per CPU core. */
  workers: number;
  appUrl: string;
  /** Unset: the embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  /** DATABASE_POOL_SIZE: connections this process opens to DATABASE_URL at most (the embedded database takes 1). */
  databasePoolSize: number;
  dataDir: string;
  jwtSecret: string;
  /** Express `trust proxy`: a hop count, or addresses/subnets ('loopback', '10.0.0.0/8'); false: none. */
  trustProxy: number | string | false;
  logLevel: string;
  graphqlPlayground: boolean;
  /**
   * TRUSTED_DOCUMENTS=on (the production default): callers without an API token (the web client,
   * signed in or not) may run only the web client's own documents, sent by hash.
   */
  trustedDocumentsOnly: boolean;
  billing: {
    /** 'stripe' with a secret key; otherwise the local stand-in. */
    mode: 'stripe' | 'offline';
    secretKey: string | undefined;
    webhookSecret: string;
    apiUrl: string | undefined;
    priceQuarterly: string;
    priceYearly: string;
    linkQuarterly: string | undefined;
    linkYearly: string | undefined;
  };
  mail: { smtpUrl: string | undefined; from: string; supportEmail: string };
  /** The outbox is readable (log lines with codes, GET /dev/mailbox): no SMTP_URL, not production. */
  devMailbox: boolean;
  /** Background jobs: every instance schedules them; PostgreSQL makes each run's effect happen once. */
  jobs: {
    registerPurgeSeconds: number;
    reminderScanSeconds: number;
    /** REMINDERS=off: this instance neither scans nor delivers reminders (an API-only instance, a benchmark). */
    reminders: boolean;
  };
  analytics: { scriptUrl: string | undefined; siteId: string | undefined };
  /** Bank connections (docs/product-rules.md §15). */
  bank: {
    /** SECRETS_KEY: the AES-256-GCM key of the secrets kept at rest (SimpleFIN access URLs). */
    secretsKey: Buffer;
    /**
     * SIMPLEFIN_ALLOW_HTTP=loopback: http:// to 127.0.0.1 and ::1 (tests, the offline stand-in);
     * the default of a local run (NODE_ENV=development); never in production.
     */
    allowLoopbackHttp: boolean;
    /** How often this instance looks for connections due a sync (each is synced every 6 hours). */
    syncScanSeconds: number;
    /**
     * BANK_SYNC_NOW_SECONDS (default 12): how long Sync now waits for the bridge in all before it
     * says the bridge did not answer (a person is waiting; the background syncs wait longer).
     */
    syncNowSeconds: number;
  };
  /**
   * GET /metrics in Prometheus' format. METRICS=off turns the counting off (a benchmark's
   * comparison). In production it answers only `Authorization: Bearer <METRICS_TOKEN>`, and
   * nothing at all without a token set; elsewhere it is open.
   */
  metrics: { enabled: boolean; token: string | undefined };
  /**
   * Heavy work admitted at once (heavy/admission.ts): HEAVY_PER_INSTANCE running or waiting on this
   * instance (default 4 per heavy thread), HEAVY_PER_HOUSEHOLD of one household (default 2).
   */
  heavy: { perInstance: number; perHousehold: number };
  /** OVERLOAD_MAX_IN_FLIGHT (default 512): requests in flight past which the next get 503 (overload.ts). */
  overload: { maxInFlight: number };
  /**
   * Backups (README, "Backups and restore"): where they go, and the daily one the server takes
   * itself at `hour` UTC, keeping the `keep` newest. BACKUPS=off: this instance takes none.
   */
  backup: {
    dir: string;
    daily: boolean;
    hour: number;
    keep: number;
    /**
     * BACKUP_DATABASE_URL: where pg_dump and pg_restore connect (default DATABASE_URL). Set it to
     * the database itself when DATABASE_URL goes through PgBouncer in transaction pooling: those
     * tools change their session's settings (search_path), which the pooler would hand on to the
     * app's next transactions.
     */
    databaseUrl: string | undefined;
  };
  /** Web Push: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or null for a pair made once and kept in PostgreSQL. */
  vapid: { publicKey: string; privateKey: string } | null;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function optional(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function parseUrl(env: Env, name: string, protocols: string[]): string | undefined {
  const value = optional(env, name);
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return value;
}

function parsePort(env: Env): number {
  const raw = optional(env, 'PORT');
  if (raw === undefined) return 4000;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${raw}"`);
  }
  return port;
}

/** HOST: where to listen. Unset: 127.0.0.1 and ::1 outside production, every interface in production. */
function parseHosts(env: Env, production: boolean): string[] | undefined {
  const raw = optional(env, 'HOST');
  if (raw === undefined) return production ? undefined : [...LOOPBACK_HOSTS];
  if (!/^[A-Za-z0-9.:-]+$/.test(raw)) {
    throw new ConfigError(
      `HOST must be one address or host name (0.0.0.0 or :: for every interface), got "${raw}"`,
    );
  }
  return [raw];
}

export const LOOPBACK_HOSTS = ['127.0.0.1', '::1'] as const;

/** A whole number of seconds from 1 up, or the default when unset. */
function parseWhole(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = optional(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

function parseSeconds(env: Env, name: string, fallback: number): number {
  const raw = optional(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    throw new ConfigError(`${name} must be a whole number of seconds from 1 up, got "${raw}"`);
  }
  return Number(raw);
}

/**
 * An e-mail address (with `displayName`, also 'Name <address>'), or the default when unset. A typo
 * here would only show when the first mail bounces, so it stops the start instead.
 */
function parseEmail(env: Env, name: string, fallback: string, displayName = false): string {
  const value = optional(env, name) ?? fallback;
  if (!isEmail(value, { allow_display_name: displayName })) {
    throw new ConfigError(
      `${name} must be an e-mail address${displayName ? ' or "Name <address>"' : ''}, got "${value}"`,
    );
  }
  return value;
}

/** 'on' (the default) or 'off'. */
function parseOnOff(env: Env, name: string, byDefault = true): boolean {
  const raw = optional(env, name);
  if (raw === undefined) return byDefault;
  if (raw === 'on') return true;
  if (raw === 'off') return false;
  throw new ConfigError(`${name} must be "on" or "off", got "${raw}"`);
}

/**
 * PostgreSQL does the most work with about twice its cores' worth of statements in flight; more
 * connections only take turns on the same cores, at the cost of switching between them. On the
 * bench's 2 cores (PostgreSQL beside the API), 4 connections instead of 10 served the analysis
 * 5-14 % faster at 20 concurrent requests, with a p99 3-5 ms lower (issue #23); requests beyond
 * the pool wait in it, first come, first served. Set it to about twice the database's cores,
 * divided among the instances.
 */
export const DEFAULT_DATABASE_POOL_SIZE = 4;

function parsePoolSize(env: Env): number {
  const raw = optional(env, 'DATABASE_POOL_SIZE');
  if (raw === undefined) return DEFAULT_DATABASE_POOL_SIZE;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 100) {
    throw new ConfigError(`DATABASE_POOL_SIZE must be a number of connections from 1 to 100, got "${raw}"`);
  }
  return Number(raw);
}

function parseWorkers(env: Env): number {
  const raw = optional(env, 'WEB_CONCURRENCY');
  if (raw === undefined) return 1;
  if (raw === 'auto') return os.availableParallelism();
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 64) {
    throw new ConfigError(
      `WEB_CONCURRENCY must be a number of processes from 1 to 64, or "auto", got "${raw}"`,
    );
  }
  return Number(raw);
}

/** A development secret kept beside the embedded data so sessions survive restarts. */
function localJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The key of the secrets kept at rest, generated beside the embedded data outside production. */
function localSecretsKey(dataDir: string): string {
  const file = path.join(dataDir, 'secrets-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

/** SECRETS_KEY: 32 bytes written as 64 hex digits; required in production. */
function parseSecretsKey(env: Env, nodeEnv: Config['nodeEnv'], dataDir: string): Buffer {
  const raw = optional(env, 'SECRETS_KEY');
  if (raw === undefined && nodeEnv === 'production') {
    throw new ConfigError(
      'SECRETS_KEY is required when NODE_ENV=production (64 hex digits: openssl rand -hex 32)',
    );
  }
  const hex = raw ?? (nodeEnv === 'test' ? '7e'.repeat(32) : localSecretsKey(dataDir));
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) {
    throw new ConfigError('SECRETS_KEY must be 64 hex digits (32 bytes): openssl rand -hex 32');
  }
  return Buffer.from(hex, 'hex');
}

/** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY come together (unpadded base64url, as web-push makes them), or not at all. */
function parseVapid(env: Env): Config['vapid'] {
  const publicKey = optional(env, 'VAPID_PUBLIC_KEY');
  const privateKey = optional(env, 'VAPID_PRIVATE_KEY');
  if (publicKey === undefined && privateKey === undefined) return null;
  if (publicKey === undefined || privateKey === undefined) {
    throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither');
  }
  if (!/^[A-Za-z0-9_-]{87}$/.test(publicKey) || !/^[A-Za-z0-9_-]{43}$/.test(privateKey)) {
    throw new ConfigError('VAPID keys must be unpadded base64url: npx web-push generate-vapid-keys');
  }
  return { publicKey, privateKey };
}

function parseAllowHttp(env: Env, nodeEnv: Config['nodeEnv']): boolean {
  const raw = optional(env, 'SIMPLEFIN_ALLOW_HTTP');
  const production = nodeEnv === 'production';
  // A local run reaches its own offline stand-in (/dev/simplefin) with no configuration.
  if (raw === undefined) return nodeEnv === 'development';
  if (raw !== 'loopback') throw new ConfigError(`SIMPLEFIN_ALLOW_HTTP must be "loopback", got "${raw}"`);
  if (production) throw new ConfigError('SIMPLEFIN_ALLOW_HTTP is refused when NODE_ENV=production');
  return true;
}

/** Reads and validates the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: Env = process.env): Config {
  const nodeEnvRaw = optional(env, 'NODE_ENV') ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnvRaw)) {
    throw new ConfigError(`NODE_ENV must be development, production or test, got "${nodeEnvRaw}"`);
  }
  const nodeEnv = nodeEnvRaw as Config['nodeEnv'];
  const production = nodeEnv === 'production';
  const port = parsePort(env);
  const appUrl = parseUrl(env, 'APP_URL', ['http:', 'https:']) ?? `http://localhost:${port}`;
  const databaseUrl = parseUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const dataDir = path.resolve(optional(env, 'DATA_DIR') ?? path.join(REPO_ROOT, 'data'));

  let jwtSecret = optional(env, 'JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 characters');
  }
  if (jwtSecret === undefined) {
    if (production) throw new ConfigError('JWT_SECRET is required when NODE_ENV=production');
    jwtSecret = nodeEnv === 'test' ? 'test-secret-test-secret-test-secret-0123' : localJwtSecret(dataDir);
  }

  const secretKey = optional(env, 'STRIPE_SECRET_KEY');
  const billingFlag = optional(env, 'BILLING');
  if (billingFlag !== undefined && billingFlag !== 'offline' && billingFlag !== 'stripe') {
    throw new ConfigError(`BILLING must be "offline" or "stripe", got "${billingFlag}"`);
  }
  if (billingFlag === 'stripe' && !secretKey)
    throw new ConfigError('STRIPE_SECRET_KEY is required when BILLING=stripe');
  // A production site must never give subscriptions away because a key is missing.
  if (production && !secretKey && billingFlag !== 'offline') {
    throw new ConfigError(
      'STRIPE_SECRET_KEY is required when NODE_ENV=production (set BILLING=offline for a demo)',
    );
  }
  const mode = secretKey && billingFlag !== 'offline' ? 'stripe' : 'offline';
  const webhookSecret = optional(env, 'STRIPE_WEBHOOK_SECRET');
  if (mode === 'stripe' && !webhookSecret) {
    throw new ConfigError('STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set');
  }

  const trustProxyRaw = optional(env, 'TRUST_PROXY');
  const workers = parseWorkers(env);
  if (workers > 1 && !databaseUrl) {
    throw new ConfigError(
      'WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database serves one process',
    );
  }
  return {
    nodeEnv,
    port,
    hosts: parseHosts(env, production),
    workers,
    appUrl: appUrl.replace(/\/+$/, ''),
    databaseUrl,
    databasePoolSize: parsePoolSize(env),
    dataDir,
    jwtSecret,
    // A bare number is a hop count; as a string Express would read it as an IP address ('1' is 0.0.0.1).
    trustProxy:
      trustProxyRaw === undefined
        ? false
        : /^\d+$/.test(trustProxyRaw)
          ? Number(trustProxyRaw)
          : trustProxyRaw,
    logLevel: optional(env, 'LOG_LEVEL') ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    graphqlPlayground: optional(env, 'GRAPHQL_PLAYGROUND') === 'true' || !production,
    metrics: { enabled: parseOnOff(env, 'METRICS', true), token: optional(env, 'METRICS_TOKEN') },
    heavy: {
      perInstance: parseWhole(env, 'HEAVY_PER_INSTANCE', DEFAULT_LIMITS.perInstance, 1, 1000),
      perHousehold: parseWhole(env, 'HEAVY_PER_HOUSEHOLD', DEFAULT_LIMITS.perHousehold, 1, 1000),
    },
    overload: { maxInFlight: parseWhole(env, 'OVERLOAD_MAX_IN_FLIGHT', 512, 1, 100_000) },
    backup: {
      dir: path.resolve(optional(env, 'BACKUP_DIR') ?? path.join(REPO_ROOT, 'backups')),
      // Tests start and stop apps by the hundred: none of them should write backups.
      daily: parseOnOff(env, 'BACKUPS', nodeEnv !== 'test'),
      hour: parseWhole(env, 'BACKUP_HOUR', 3, 0, 23),
      keep: parseWhole(env, 'BACKUP_KEEP', 14, 1, 1000),
      databaseUrl: parseUrl(env, 'BACKUP_DATABASE_URL', ['postgres:', 'postgresql:']) ?? databaseUrl,
    },
    trustedDocumentsOnly: parseOnOff(env, 'TRUSTED_DOCUMENTS', production),
    billing: {
      mode,
      secretKey,
      webhookSecret: webhookSecret ?? 'whsec_offline_stand_in',
      apiUrl: parseUrl(env, 'STRIPE_API_URL', ['http:', 'https:']),
      priceQuarterly: optional(env, 'STRIPE_PRICE_QUARTERLY') ?? 'price_quarterly_offline',
      priceYearly: optional(env, 'STRIPE_PRICE_YEARLY') ?? 'price_yearly_offline',
      linkQuarterly: parseUrl(env, 'STRIPE_LINK_QUARTERLY', ['http:', 'https:']),
      linkYearly: parseUrl(env, 'STRIPE_LINK_YEARLY', ['http:', 'https:']),
    },
    devMailbox: !production && optional(env, 'SMTP_URL') === undefined,
    mail: {
      smtpUrl: parseUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']),
      from: parseEmail(env, 'MAIL_FROM', 'TrueNet <no-reply@truenet.local>', true),
      supportEmail: parseEmail(env, 'SUPPORT_EMAIL', 'support@truenet.local'),
    },
    jobs: {
      registerPurgeSeconds: parseSeconds(env, 'REGISTER_PURGE_SECONDS', 86_400),
      reminderScanSeconds: parseSeconds(env, 'REMINDER_SCAN_SECONDS', 300),
      reminders: parseOnOff(env, 'REMINDERS'),
    },
    analytics: {
      scriptUrl: parseUrl(env, 'ANALYTICS_SCRIPT_URL', ['https:', 'http:']),
      siteId: optional(env, 'ANALYTICS_SITE_ID'),
    },
    vapid: parseVapid(env),
    bank: {
      secretsKey: parseSecretsKey(env, nodeEnv, dataDir),
      allowLoopbackHttp: parseAllowHttp(env, nodeEnv),
      syncScanSeconds: parseSeconds(env, 'BANK_SYNC_SCAN_SECONDS', 600),
      syncNowSeconds: parseWhole(env, 'BANK_SYNC_NOW_SECONDS', 12, 1, 60),
    },
  };
}
