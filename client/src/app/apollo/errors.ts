import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { OUTDATED_DOCUMENT_CODE } from '../outdatedPage';

/** What a failed request amounts to, for choosing the specification's error text. */
export interface RequestFailure {
  /** `network`: no server response; `graphql`: the API answered with an error; `http`: any other status. */
  kind: 'network' | 'graphql' | 'http';
  /** `extensions.code` of the first GraphQL error (BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, …). */
  code: string | null;
  /** The server's message, when it sent one. */
  message: string | null;
  /** The HTTP status, when known. */
  status: number | null;
}

interface RawGraphQLError {
  message?: string;
  extensions?: { code?: unknown; http?: { status?: unknown } };
}

/** A newer TrueNet is running than the one this page was loaded with (app/outdatedPage.ts). */
export const OUTDATED_PAGE = 'TrueNet has been updated. Reload the page, then try again.';

/** What people see when the server's words are not meant for them. */
export const SOMETHING_WENT_WRONG = 'Something went wrong. Try again.';

/** Codes the server gives to messages it wrote for people (docs/product-rules.md §11 and §6). */
const PEOPLE_CODES = new Set([
  'BAD_USER_INPUT',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'SUBSCRIPTION_REQUIRED',
  'RATE_LIMITED',
  'PREVIEW_EXPIRED',
  'UNAVAILABLE',
  'INTERNAL_SERVER_ERROR',
]);

/** GraphQL's own wording (coercion, validation, parsing), which names variables, types and paths. */
const MACHINE_TEXT =
  /^(Variable "\$|Field "|Cannot query|Syntax Error|Unknown (argument|type|operation)|Expected |Int cannot|String cannot)|duplicate key|violates|constraint|SQL|QueryFailedError/;

/**
 * The server's message when it was written for people; otherwise 'Something went wrong. Try
 * again.' The server already hides its internals; this keeps a slip from ever reaching the screen.
 */
export function messageForPeople(message: string | null | undefined, code: unknown): string | null {
  if (!message) return null;
  if (code === OUTDATED_DOCUMENT_CODE) return OUTDATED_PAGE;
  if (typeof code !== 'string' || !PEOPLE_CODES.has(code) || MACHINE_TEXT.test(message)) {
    return SOMETHING_WENT_WRONG;
  }
  return message;
}

function fromGraphQLErrors(errors: readonly RawGraphQLError[], status: number | null): RequestFailure {
  const first = errors[0];
  const code = typeof first?.extensions?.code === 'string' ? first.extensions.code : null;
  const httpStatus = first?.extensions?.http?.status;
  return {
    kind: 'graphql',
    code,
    message: messageForPeople(first?.message, code),
    status: typeof httpStatus === 'number' ? httpStatus : status,
  };
}

/** Classifies any error a mutation or query can throw. */
export function describeFailure(error: unknown): RequestFailure {
  if (CombinedGraphQLErrors.is(error)) return fromGraphQLErrors(error.errors as RawGraphQLError[], null);
  if (ServerError.is(error)) {
    try {
      const body = JSON.parse(error.bodyText) as { errors?: RawGraphQLError[] };
      if (body.errors?.length) return fromGraphQLErrors(body.errors, error.statusCode);
    } catch {
      // Not a GraphQL body: fall through to the status alone.
    }
    return { kind: 'http', code: null, message: null, status: error.statusCode };
  }
  return { kind: 'network', code: null, message: null, status: null };
}

/** The server's per-field message for BAD_USER_INPUT and the like, or a fallback. */
export function serverMessageOr(failure: RequestFailure, fallback: string): string {
  if (failure.kind === 'network') return 'No Server Response';
  return failure.message ?? fallback;
}

const STATUS_BY_CODE: Record<string, number> = {
  BAD_USER_INPUT: 400,
  GRAPHQL_VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  SUBSCRIPTION_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,
  INTERNAL_SERVER_ERROR: 500,
  UNAVAILABLE: 503,
};

/** The HTTP status a failure stands for: the real one, else the one its GraphQL code implies. */
export function statusOf(failure: RequestFailure): number | null {
  if (failure.code && failure.code in STATUS_BY_CODE) return STATUS_BY_CODE[failure.code] ?? null;
  return failure.status;
}

/** What a record modal shows when a save fails. */
export interface SaveError {
  /** 'Bad Request' when the server refused the input, 'Save data failed' when the call itself failed. */
  message: string;
  /** The server's own explanation (e.g. a field message), when it gave one. */
  detail?: string;
}

/** Turns a thrown mutation error into what a modal shows. */
export function toSaveError(error: unknown): SaveError {
  if (CombinedGraphQLErrors.is(error)) {
    const detail = error.errors
      .map((e) => messageForPeople(e.message, e.extensions?.code))
      .filter((message, index, all) => message && all.indexOf(message) === index)
      .join(' ');
    return { message: 'Bad Request', detail: detail || undefined };
  }
  if (ServerError.is(error) && error.statusCode >= 400 && error.statusCode < 500) {
    return { message: 'Bad Request' };
  }
  return { message: 'Save data failed' };
}

/** Delete: a refusal by the server reads 'Could not delete record', a failed call 'Delete failed'. */
export function toDeleteError(error: unknown): string {
  return CombinedGraphQLErrors.is(error) ? 'Could not delete record' : 'Delete failed';
}
