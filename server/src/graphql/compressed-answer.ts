import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Request } from 'express';

const gzipped = promisify(gzip);

/**
 * Below this an answer goes as it is: one packet either way, and the work would be wasted (the
 * `compression` middleware's default threshold).
 */
export const COMPRESS_FROM_BYTES = 1024;

/** An answer's bytes and the headers that describe their encoding (as `writeHead` takes them). */
export interface EncodedAnswer {
  bytes: Buffer;
  headers: string[];
}

/**
 * A session's answer, gzipped when it is large enough and the client accepts gzip. The dashboard's
 * first screen is 20 KB of JSON and under 3 KB gzipped: on a phone's slow line, sharing the
 * bandwidth with the application's code, that was two seconds of waiting for its numbers.
 * Only answers to a bearer token are compressed (the caller's rule): a page on another site cannot
 * make the browser send that token, so it cannot mix its own text into an answer and read the
 * compressed length (the BREACH attack on secrets in compressed answers).
 * Compressed off the event loop (zlib's thread pool).
 */
export async function encodedAnswer(req: Request, body: string): Promise<EncodedAnswer> {
  const plain = Buffer.from(body, 'utf8');
  if (plain.length < COMPRESS_FROM_BYTES || !acceptsGzip(req)) return { bytes: plain, headers: [] };
  return { bytes: await gzipped(plain), headers: ['Content-Encoding', 'gzip', 'Vary', 'Accept-Encoding'] };
}

function acceptsGzip(req: Request): boolean {
  // Most API clients send none: no negotiation to parse then.
  if (!req.headers['accept-encoding']) return false;
  return req.acceptsEncodings('gzip', 'identity') === 'gzip';
}
