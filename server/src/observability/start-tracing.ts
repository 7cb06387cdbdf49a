import type { Tracing } from './tracing';

/**
 * main.ts imports this module before any other: OpenTelemetry's instrumentations patch http,
 * express, pg and graphql as they are loaded, so the SDK has to start first. Without
 * OTEL_EXPORTER_OTLP_ENDPOINT none of the SDK is loaded at all.
 */
export const tracing: Tracing | undefined = process.env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()
  ? // A conditional require: an import would load the SDK for every start.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    (require('./tracing') as typeof import('./tracing')).startTracing()
  : undefined;
