import pino, { type DestinationStream } from 'pino';

/** Structured logs. Secrets are redacted by path as a second line of defence; code never logs them. */
export function createLogger(level: string, destination?: DestinationStream) {
  return pino(
    {
      level,
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
