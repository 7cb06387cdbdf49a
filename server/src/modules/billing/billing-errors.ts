import { AppError } from '../../errors';

/** The provider refused or could not be reached; the caller turns it into a message for the user. */
export class BillingProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BillingProviderError';
  }
}

/**
 * The provider's failures, told in the specification's words (§8). They travel as BAD_USER_INPUT
 * because the contract's codes have none for "try again later" and because the client shows the
 * server's message for statuses 400 to 419 (registration); `reason` tells scripts what happened.
 */
function providerFailure(message: string) {
  return new AppError(message, 'BAD_USER_INPUT', { reason: 'PAYMENT_PROVIDER_UNAVAILABLE' });
}

export const checkoutUnavailable = () =>
  providerFailure('The payment provider is unavailable. Sign in later to finish subscribing.');

export const portalUnavailable = () => providerFailure('Update payment not available. Try again later.');

export const cancelFailed = () =>
  providerFailure('There was an error cancelling your account. Please try again later.');
