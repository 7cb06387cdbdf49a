import { trace } from '@opentelemetry/api';
import pino, { type DestinationStream } from 'pino';

function traceIdsOfActiveSpan(): Record<string, string> {
  const context = trace.getActiveSpan()?.spanContext();
  return context ? { trace_id: context.traceId, span_id: context.spanId } : {};
}

/** Structured logs. Secrets are redacted by path as a second line of defence; code never logs them. */
export function createLogger(
  level: string,
  destination?: DestinationStream,
  options: { traceIds?: boolean } = {},
) {
  return pino(
    {
      level,
      // With tracing on, each line names the trace it was written in, to go from a log to its trace.
      ...(options.traceIds ? { mixin: traceIdsOfActiveSpan } : {}),
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          '*.password',
          '*.userPassword',
          '*.accessToken',
          '*.code',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

export type Logger = ReturnType<typeof createLogger>;
