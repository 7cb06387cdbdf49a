import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { GraphQLInstrumentation } from '@opentelemetry/instrumentation-graphql';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { PROBE_PATHS } from './health';

export interface Tracing {
  /** Sends the spans still buffered, then stops. */
  stop(): Promise<void>;
}

/**
 * OpenTelemetry traces through HTTP, Express, GraphQL and PostgreSQL, exported over OTLP/HTTP to
 * OTEL_EXPORTER_OTLP_ENDPOINT (the exporter reads it and the other OTEL_* variables itself).
 */
export function startTracing(): Tracing {
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME?.trim() || 'truenet',
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => PROBE_PATHS.has(req.url ?? '') }),
      new ExpressInstrumentation(),
      new GraphQLInstrumentation({ mergeItems: true, ignoreTrivialResolveSpans: true }),
      new PgInstrumentation(),
    ],
  });
  sdk.start();
  return { stop: () => sdk.shutdown() };
}
