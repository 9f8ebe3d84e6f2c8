/**
 * A full navigation to another site (Stripe's hosted pages): the app is left, not routed. Its own module
 * so browser-less tests can watch where the app would go.
 */
export function leaveSite(url: string): void {
  window.location.assign(url);
}
