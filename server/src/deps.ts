import type { DataSource } from 'typeorm';
import type { Config } from './config';
import type { Logger } from './logger';
import type { BillingProvider } from './modules/billing/billing-provider';
import type { Mailer } from './modules/mail/mailer';
import type { Metrics } from './observability/metrics';

/** The clock is a dependency so tests can stand at any instant; "today" comes from it plus a zone. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** Everything a service needs, built once per process and shared by GraphQL and REST. */
export interface AppDeps {
  config: Config;
  dataSource: DataSource;
  logger: Logger;
  mailer: Mailer;
  billing: BillingProvider;
  clock: Clock;
  metrics: Metrics;
}
