import { describeFailure, statusOf } from '../../app/apollo/errors';

/** Registration errors of the product specification: 400 to 419 show the server's message. */
export function registerErrorText(error: unknown): string {
  const failure = describeFailure(error);
  const status = statusOf(failure);
  if (failure.kind !== 'network' && status !== null && status >= 400 && status < 420 && failure.message) {
    return failure.message;
  }
  return 'Registration Failed.';
}
