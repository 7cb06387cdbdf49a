import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * The HTTP side of SimpleFIN Bridge (simplefin.org/protocol.html): claiming a setup token and
 * reading accounts. Where it may connect is checked on every connection, at the moment the address
 * is resolved (so a name that resolves to a private address later is refused too): https to public
 * addresses only, no redirects followed; with `allowLoopbackHttp` (tests, the offline stand-in)
 * also http to 127.0.0.1 and ::1. Nothing here logs: the access URL carries its password.
 */

export interface BridgeOptions {
  allowLoopbackHttp: boolean;
  /** Per request; the bridge can be slow to gather a bank's answer. */
  timeoutMs?: number;
  /** Ends every request still waiting when it fires: the person waiting on Sync now has a deadline. */
  signal?: AbortSignal;
}

/** Why a request to the bridge gave nothing to read. */
export type BridgeFailure =
  | { kind: 'revoked' } // 403: the token or access was revoked, or the setup token was used
  | { kind: 'payment' } // 402: the person's bridge subscription needs payment
  | { kind: 'unavailable' } // no answer, a timeout, 5xx, a redirect, a body that is not JSON
  | { kind: 'refused'; reason: string }; // an address TrueNet does not connect to

export class BridgeError extends Error {
  constructor(readonly failure: BridgeFailure) {
    super(failure.kind === 'refused' ? failure.reason : `SimpleFIN Bridge: ${failure.kind}`);
    this.name = 'BridgeError';
  }
}

const BODY_LIMIT = 20 * 1024 * 1024;

const forbidden = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv6');
}

function isLoopback(address: string): boolean {
  return address === '127.0.0.1' || address === '::1';
}

/** Whether TrueNet may connect to this resolved address. */
export function addressAllowed(raw: string, allowLoopback: boolean): boolean {
  // An IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
  const address = /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(raw) ? raw.slice(7) : raw;
  if (allowLoopback && isLoopback(address)) return true;
  const family = isIP(address);
  if (family === 0) return false;
  return !forbidden.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Resolves as Node does, then refuses any address TrueNet must not reach. */
function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as LookupAddress[];
      const refused = list.find((entry) => !addressAllowed(entry.address, allowLoopback));
      if (refused || list.length === 0) {
        const failure = new Error(`SimpleFIN Bridge's address ${hostname} is not a public one`);
        return callback(Object.assign(failure, { code: 'ETRUENETREFUSED' }), '', 0);
      }
      if (options.all) return callback(null, list as never);
      const first = list[0] as LookupAddress;
      return callback(null, first.address, first.family);
    });
  };
}

/** A URL TrueNet may send a request to (before any address is resolved). */
export function checkBridgeUrl(raw: string, options: BridgeOptions): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BridgeError({ kind: 'refused', reason: 'This is not a SimpleFIN Bridge address' });
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const loopbackHttp = options.allowLoopbackHttp && url.protocol === 'http:' && isLoopback(host);
  if (url.protocol !== 'https:' && !loopbackHttp) {
    throw new BridgeError({ kind: 'refused', reason: 'SimpleFIN Bridge addresses start with https://' });
  }
  if (isIP(host) && !addressAllowed(host, options.allowLoopbackHttp)) {
    throw new BridgeError({
      kind: 'refused',
      reason: `SimpleFIN Bridge's address ${host} is not a public one`,
    });
  }
  return url;
}

interface BridgeResponse {
  status: number;
  body: string;
}

/** One request, no redirects, a timeout and a size limit; credentials from the URL as Basic auth. */
function send(url: URL, method: 'GET' | 'POST', options: BridgeOptions): Promise<BridgeResponse> {
  const headers: Record<string, string> = { accept: 'application/json, text/plain' };
  if (url.username || url.password) {
    const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
  }
  if (method === 'POST') headers['content-length'] = '0';
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method,
        headers,
        lookup: guardedLookup(options.allowLoopbackHttp),
        timeout: options.timeoutMs ?? 30_000,
        signal: options.signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > BODY_LIMIT) {
            request.destroy();
            reject(new BridgeError({ kind: 'unavailable' }));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', () => reject(new BridgeError({ kind: 'unavailable' })));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        new BridgeError(
          error.code === 'ETRUENETREFUSED'
            ? { kind: 'refused', reason: error.message }
            : { kind: 'unavailable' },
        ),
      );
    });
    request.end();
  });
}

function failureOf(status: number): BridgeFailure | null {
  if (status === 403 || status === 401) return { kind: 'revoked' };
  if (status === 402) return { kind: 'payment' };
  if (status < 200 || status >= 300) return { kind: 'unavailable' };
  return null;
}

/** The claim URL inside a setup token (base64 of it), or null when the text is no setup token. */
export function claimUrlOf(setupToken: string): string | null {
  const compact = setupToken.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(compact)) return null;
  const decoded = Buffer.from(compact, 'base64').toString('utf8');
  return /^https?:\/\/\S+$/.test(decoded) ? decoded : null;
}

/** Claims a setup token once: POST to its claim URL answers the access URL (with its credentials). */
export async function claimAccessUrl(claimUrl: string, options: BridgeOptions): Promise<string> {
  const response = await send(checkBridgeUrl(claimUrl, options), 'POST', options);
  const failure = failureOf(response.status);
  if (failure) throw new BridgeError(failure);
  const accessUrl = response.body.trim();
  const parsed = (() => {
    try {
      return checkBridgeUrl(accessUrl, options);
    } catch {
      return null;
    }
  })();
  if (!parsed || !parsed.username || !parsed.password) throw new BridgeError({ kind: 'unavailable' });
  return accessUrl;
}

export interface AccountsQuery {
  /** Epoch seconds. */
  startDate?: number;
  /** Epoch seconds: transactions before it only (a window of older history). */
  endDate?: number;
  pending?: boolean;
  balancesOnly?: boolean;
}

/** GET <access>/accounts: the parsed JSON, or a BridgeError saying why there is none. */
export async function fetchAccounts(
  accessUrl: string,
  query: AccountsQuery,
  options: BridgeOptions,
): Promise<unknown> {
  const url = checkBridgeUrl(accessUrl, options);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/accounts`;
  if (query.startDate !== undefined) url.searchParams.set('start-date', String(Math.floor(query.startDate)));
  if (query.endDate !== undefined) url.searchParams.set('end-date', String(Math.floor(query.endDate)));
  if (query.pending) url.searchParams.set('pending', '1');
  if (query.balancesOnly) url.searchParams.set('balances-only', '1');
  const response = await send(url, 'GET', options);
  const failure = failureOf(response.status);
  if (failure) throw new BridgeError(failure);
  try {
    return JSON.parse(response.body) as unknown;
  } catch {
    throw new BridgeError({ kind: 'unavailable' });
  }
}
