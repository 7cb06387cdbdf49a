import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';

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

function fromGraphQLErrors(errors: readonly RawGraphQLError[], status: number | null): RequestFailure {
  const first = errors[0];
  const code = typeof first?.extensions?.code === 'string' ? first.extensions.code : null;
  const httpStatus = first?.extensions?.http?.status;
  return {
    kind: 'graphql',
    code,
    message: first?.message ?? null,
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
};

/** The HTTP status a failure stands for: the real one, else the one its GraphQL code implies. */
export function statusOf(failure: RequestFailure): number | null {
  if (failure.code && failure.code in STATUS_BY_CODE) return STATUS_BY_CODE[failure.code] ?? null;
  return failure.status;
}
