import { DomainError } from '@truenet/core';
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import type { RequestUser } from '../modules/auth/request-user';
import type { AppDeps } from '../deps';
import { AppError, badUserInput, forbidden, HTTP_STATUS } from '../errors';
import { holdsNul } from '../input/nul-characters';
import { knownDatabaseError, unexpectedError } from '../people-errors';
import type { Logger } from '../logger';
import { RequestScope } from '../request-scope';

/**
 * Plumbing shared by the REST compatibility routes: the request scope built from the request
 * (the same policies.ts functions GraphQL uses), the identity checks of ARCHITECTURE.md, the time
 * zone the original client sends, and the one error middleware that turns AppError codes into
 * HTTP statuses.
 */

/** The RequestScope of a REST request, so REST asks policies.ts exactly what GraphQL asks. */
export function policyContext(deps: AppDeps, req: Request): RequestScope {
  return new RequestScope(deps, req.user ?? null, req.authFailure);
}

function present(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/**
 * Identity comes from the token, never from the request: a `debtorId` (or account `id`) that the
 * original client sends is accepted for compatibility but must name the signed-in user (403).
 */
export function assertSignedInUser(value: unknown, user: RequestUser, field = 'debtorId'): void {
  if (!present(value)) return;
  if (String(value).trim() !== String(user.id)) {
    throw new AppError('You can only act on your own account', 'FORBIDDEN', { field });
  }
}

function singleText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return undefined;
}

/**
 * The browser's IANA time zone, from the `timeZone`/`timezone` query or body field (URL-encoded in
 * the query; Express decodes it). Absent: the services fall back on the account's last known zone.
 */
export function timeZoneOf(req: Request, body: Record<string, unknown> = bodyOf(req)): string | undefined {
  const query = req.query as Record<string, unknown>;
  for (const candidate of [query.timeZone, query.timezone, body.timeZone, body.timezone]) {
    if (candidate === undefined || candidate === null || candidate === '') continue;
    const text = singleText(candidate);
    if (text === undefined) throw badUserInput('Send one time zone, such as America/New_York', 'timeZone');
    return text;
  }
  return undefined;
}

/** The JSON body as an object; a bare value or none reads as an empty object. */
export function bodyOf(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  return body !== null && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/**
 * A body that is one value (`42`, `"42"`) or, from other clients, an object naming it
 * (`{ "uid": 42 }`): the value, or undefined.
 */
export function bareValue(body: unknown, names: string[]): unknown {
  if (typeof body === 'number' || typeof body === 'string') return body;
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    for (const name of names) if (record[name] !== undefined) return record[name];
  }
  return undefined;
}

/** A query parameter that must be a single value (`?debtorId=1&debtorId=2` is refused). */
export function queryValue(req: Request, name: string): string | undefined {
  const value = (req.query as Record<string, unknown>)[name];
  if (value === undefined) return undefined;
  const text = singleText(value);
  if (text === undefined) throw badUserInput(`Send one ${name}`, name);
  return text;
}

/**
 * The cookie-based refresh and logout accept only the site's own origin: a browser always sends
 * Origin on cross-site requests, so another site cannot spend or end the session cookie.
 */
export function requireAppOrigin(req: Request, deps: Pick<AppDeps, 'config'>): void {
  const origin = req.get('origin');
  if (origin === undefined) return;
  if (origin !== new URL(deps.config.appUrl).origin) throw forbidden('This request must come from the app');
}

/**
 * PostgreSQL text cannot hold the NUL character: a name or note carrying one would fail in the
 * database as a 500. REST refuses it up front as the user's input error, as GraphQL does.
 */
export function refuseNulCharacters(): RequestHandler {
  return (req, _res, next) => {
    if (holdsNul(req.body) || holdsNul(req.query)) {
      next(badUserInput('Text cannot contain the NUL character (\\u0000)'));
      return;
    }
    next();
  };
}

/** Core's DomainError is the user's input error, as in GraphQL's formatError. */
function asAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof DomainError) return badUserInput(error.message, error.field);
  return knownDatabaseError(error);
}

/**
 * The one error middleware of the REST layer: an AppError answers the status of its code
 * (errors.ts HTTP_STATUS) with `{ message, code, field?, fields? }` the client can show;
 * a request the body parsers refused keeps its 4xx; anything else is logged and answered as a bare 500.
 */
export function restErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error, _req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const known = asAppError(error);
    if (known) {
      const { field, fields, retryAfterSeconds } = known.details;
      const code = known.code;
      if (typeof retryAfterSeconds === 'number') res.set('Retry-After', String(retryAfterSeconds));
      res.status(HTTP_STATUS[known.code]).json({
        message: known.message,
        code,
        ...(field ? { field } : {}),
        ...(fields ? { fields } : {}),
      });
      return;
    }
    const status = (error as { status?: unknown } | undefined)?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(status).json({ message: 'The request could not be read', code: 'BAD_USER_INPUT' });
      return;
    }
    res.status(500).json(unexpectedError(logger, error, 'REST'));
  };
}
