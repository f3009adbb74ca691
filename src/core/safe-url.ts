/**
 * Link targets from the server (ads, customer service, CMS HTML) must not run script: Preact does not
 * block `javascript:` URLs. Web, mail, phone and relative links pass, except those starting with two slashes of which
 * one is a backslash (`\\host`, `/\host`, `\/host`): browsers read them as another site's address, under a form no
 * tenant has a reason to write.
 */
const SAFE_SCHEME = /^(https?:|mailto:|tel:)/i;
const BACKSLASH_HOST = /^(\\[\\/]|\/\\)/;

export function isSafeUrl(value: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:"), so strip them first.
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (BACKSLASH_HOST.test(compact)) return false;
  return SAFE_SCHEME.test(compact) || !/^[a-z][a-z0-9+.-]*:/i.test(compact);
}
