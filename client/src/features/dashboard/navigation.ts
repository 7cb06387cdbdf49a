/** Sends the browser to another site (the payment provider's hosted checkout). */
export function leaveTo(url: string): void {
  window.location.assign(url);
}
