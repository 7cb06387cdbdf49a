import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { describeFailure, SOMETHING_WENT_WRONG } from '../../app/apollo/errors';

/** Why a statement could not be read or imported, and what the screen can ask the person for. */
export interface ImportFailure {
  message: string;
  /** DATE_ORDER_NEEDED and ACCOUNT_CHOICE_NEEDED ask a question; the others only explain. */
  reason: string | null;
  accounts: string[];
}

export function importFailure(error: unknown): ImportFailure {
  const failure = describeFailure(error);
  let reason: string | null = null;
  let accounts: string[] = [];
  if (CombinedGraphQLErrors.is(error)) {
    const extensions = error.errors[0]?.extensions ?? {};
    reason = typeof extensions.reason === 'string' ? extensions.reason : failure.code;
    accounts = Array.isArray(extensions.accounts) ? extensions.accounts.map(String) : [];
  }
  const message =
    failure.message ??
    (failure.kind === 'network'
      ? 'TrueNet could not be reached. Check your connection, then try again.'
      : SOMETHING_WENT_WRONG);
  return { message, reason, accounts };
}
