/** The style nonce the control server put in the page (`<meta name="csp-nonce">`), if any. */
export function cspNonce(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content || undefined;
}
