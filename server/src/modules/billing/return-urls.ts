/**
 * Where the provider's hosted pages send the browser back to (client hash routes, the product specification).
 * `{CHECKOUT_SESSION_ID}` is a template Stripe fills in with the session id.
 */
export const CHECKOUT_SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

export function checkoutSuccessUrl(appUrl: string, sessionId = CHECKOUT_SESSION_PLACEHOLDER): string {
  return `${appUrl}/#/createaccount/${sessionId}`;
}

export function checkoutCancelUrl(appUrl: string): string {
  return `${appUrl}/#/createaccount/failed`;
}

export function portalReturnUrl(appUrl: string): string {
  return `${appUrl}/#/manageaccount/updated`;
}
