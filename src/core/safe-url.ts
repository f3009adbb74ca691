/**
 * Link targets from the server (ads, customer service, CMS HTML) must not run script: Preact does not
 * block `javascript:` URLs. Web, mail, phone and relative links pass.
 */
const SAFE_SCHEME = /^(https?:|mailto:|tel:)/i;

export function isSafeUrl(value: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:"), so strip them first.
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  return SAFE_SCHEME.test(compact) || !/^[a-z][a-z0-9+.-]*:/i.test(compact);
}
