import { CombinedGraphQLErrors, ServerError } from '@apollo/client';

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
      .map((e) => e.message)
      .filter(Boolean)
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
