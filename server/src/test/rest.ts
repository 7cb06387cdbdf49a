import { randomInt } from 'node:crypto';
import type { TestApp } from './harness';
import { REFRESH_COOKIE } from '../modules/auth/refresh-cookie';
import { openApiDocument } from '../rest/openapi';
import { openApiPathOf } from '../rest/route-table';

/**
 * Shared pieces of the REST tests: a client that speaks the original product's REST (bearer
 * token, refresh cookie, Origin, its own client IP behind the trusted proxy so rate limits of one
 * test never meet another's), and a checker of responses against the OpenAPI document's schemas.
 */

export const REST_TEST_ENV = { TRUST_PROXY: 'loopback', APP_URL: 'https://truenet.example' };
export const APP_ORIGIN = 'https://truenet.example';

/** A response body as the tests read it: any JSON, its shape checked by expectContract. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJson = any;

export interface RestResponse<T = AnyJson> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RestOptions {
  token?: string;
  cookie?: string;
  body?: unknown;
  /** Sent as is (for bare JSON values such as `42`). */
  rawBody?: string;
  headers?: Record<string, string>;
  ip?: string;
}

export function uniqueIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export async function rest<T = AnyJson>(
  t: TestApp,
  method: string,
  path: string,
  options: RestOptions = {},
): Promise<RestResponse<T>> {
  const headers: Record<string, string> = {
    'x-forwarded-for': options.ip ?? uniqueIp(),
    ...options.headers,
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  let payload: string | undefined = options.rawBody;
  if (options.body !== undefined) payload = JSON.stringify(options.body);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${t.url}${path}`, { method, headers, body: payload });
  const type = response.headers.get('content-type') ?? '';
  const body = type.includes('json') ? await response.json() : await response.text();
  return { status: response.status, body: body as T, headers: response.headers };
}

/** The `name=value` pair of the refresh cookie a response set (undefined when it cleared it). */
export function refreshCookieOf(response: RestResponse): string | undefined {
  const header = response.headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
  const pair = header?.split(';')[0];
  return pair && pair !== `${REFRESH_COOKIE}=` ? pair : undefined;
}

type Schema = Record<string, AnyJson>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeMatches(expected: string, actual: string): boolean {
  return expected === actual || (expected === 'number' && actual === 'integer');
}

/**
 * The problems of `value` against a JSON Schema (the subset the document uses: $ref, type, enum,
 * required, properties, additionalProperties, items, format date). Empty: it conforms.
 */
export function schemaProblems(schema: Schema, value: unknown, at = '$'): string[] {
  const components = openApiDocument({ billing: { mode: 'stripe' }, appUrl: '' } as never).components
    .schemas as Record<string, Schema>;
  const resolve = (s: Schema): Schema =>
    s.$ref ? resolve(components[String(s.$ref).replace('#/components/schemas/', '')]!) : s;
  const check = (raw: Schema, v: unknown, where: string): string[] => {
    const s = resolve(raw);
    const actual = typeOf(v);
    if (s.type) {
      const types: string[] = Array.isArray(s.type) ? s.type : [s.type];
      if (!types.some((type) => typeMatches(type, actual))) return [`${where}: ${actual}, expected ${types}`];
    }
    if (v === null) return [];
    const problems: string[] = [];
    if (s.enum && !s.enum.includes(v)) problems.push(`${where}: ${JSON.stringify(v)} not in ${s.enum}`);
    if (s.format === 'date' && !DATE.test(String(v)))
      problems.push(`${where}: ${String(v)} is not YYYY-MM-DD`);
    if (actual === 'number' && Math.abs(Math.round(Number(v) * 100) - Number(v) * 100) > 1e-6) {
      problems.push(`${where}: more than 2 decimals`);
    }
    if (actual === 'object') {
      const record = v as Record<string, unknown>;
      for (const name of s.required ?? []) {
        if (!(name in record)) problems.push(`${where}.${name}: missing`);
      }
      for (const [name, item] of Object.entries(record)) {
        const property = s.properties?.[name];
        if (property) problems.push(...check(property, item, `${where}.${name}`));
        else if (s.additionalProperties === false) problems.push(`${where}.${name}: not documented`);
        else if (typeof s.additionalProperties === 'object')
          problems.push(...check(s.additionalProperties, item, `${where}.${name}`));
      }
    }
    if (actual === 'array' && s.items) {
      (v as unknown[]).forEach((item, index) => problems.push(...check(s.items, item, `${where}[${index}]`)));
    }
    return problems;
  };
  return check(schema, value, at);
}

/** The documented response schema of a path, method and status. */
export function documentedResponse(expressPath: string, method: string, status: number): Schema {
  const document = openApiDocument({ billing: { mode: 'stripe' }, appUrl: '' } as never);
  const operation = (document.paths as Record<string, Record<string, AnyJson>>)[openApiPathOf(expressPath)]?.[
    method.toLowerCase()
  ];
  const response = operation?.responses?.[String(status)];
  if (!response) throw new Error(`${method} ${expressPath} documents no ${status} response`);
  return response.content['application/json']?.schema ?? response.content['text/plain'].schema;
}

/**
 * The contract: the response has the documented status and its body conforms to the documented
 * schema (closed objects: a field named otherwise, such as `sourceDescription`, fails).
 */
export function expectContract(response: RestResponse, method: string, expressPath: string, status = 200) {
  if (response.status !== status) {
    throw new Error(`${method} ${expressPath}: ${response.status} ${JSON.stringify(response.body)}`);
  }
  const problems = schemaProblems(documentedResponse(expressPath, method, status), response.body);
  if (problems.length > 0) throw new Error(`${method} ${expressPath}:\n${problems.join('\n')}`);
}
