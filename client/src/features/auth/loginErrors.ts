import { describeFailure, statusOf } from '../../app/apollo/errors';

/** The login error texts of the product specification, from whatever the login request threw. */
export function loginErrorText(error: unknown): string {
  const failure = describeFailure(error);
  if (failure.kind === 'network') return 'No Server Response';
  const status = statusOf(failure);
  if (status === 403) return failure.message ?? 'Login Failed';
  if (status !== null && status >= 400 && status < 420) return 'Incorrect username or password';
  return 'Login Failed';
}
