/**
 * Makes server HTML (agreements, CMS and help pages) safe to insert, with DOMPurify (a maintained
 * sanitiser) holding to the house policy: no scripts, event handlers, forms, frames, SVG or MathML; links
 * and images only to web, mail, phone or relative addresses (`isSafeUrl`), so `data:` images are refused
 * too; links to other sites open in a new tab, and
 * no link hands the page to its target (`rel="noopener noreferrer"`). Imported only by the pages that show
 * such HTML, so DOMPurify never weighs on the first screen.
 *
 * Addresses are judged as a browser reads them: it drops tabs and line breaks anywhere in a URL and leading spaces and
 * controls, and it reads a backslash as a slash in web addresses. So:
 * - `//host/...` (protocol-relative) leaves the app for another site: it is a link to another site like `https:`, and
 *   opens in a new tab;
 * - a link or image starting with a backslash pair or a slash-and-backslash (`\\host`, `/\host`, `\/host`, with or
 *   without tabs and line breaks between) also reaches another site, under a form no tenant's page has a reason to
 *   write: `isSafeUrl` refuses it, so its address is removed (the text stays).
 */
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { isSafeUrl } from './safe-url.ts';

const ALLOWED_TAGS = [
  'a', 'b', 'blockquote', 'br', 'caption', 'code', 'dd', 'div', 'dl', 'dt', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'hr', 'i', 'img', 'li', 'ol', 'p', 'pre', 's', 'small', 'span', 'strong', 'sub', 'sup', 'table', 'tbody', 'td',
  'tfoot', 'th', 'thead', 'tr', 'u', 'ul',
];
/** Elements removed with everything inside them (their text is not content). */
const FORBID_CONTENTS = ['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'form', 'textarea', 'select', 'button', 'link', 'meta', 'base', 'title'];
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'colspan', 'rowspan', 'width', 'height', 'align'];

/** A URL as the browser parses it: without tabs and line breaks, and without leading spaces or controls. */
function asBrowserReads(value: string): string {
  return value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, '');
}
/** Another site: a web scheme, or two slashes (protocol-relative). */
const OTHER_SITE = /^(https?:|\/\/)/i;

let purifier: DOMPurify | null = null;

/** Made on first use (not at import), so it binds to the window that exists then (the page, or a test DOM). */
function instance(): DOMPurify {
  if (purifier) return purifier;
  const made = createDOMPurify(window);
  made.addHook('uponSanitizeAttribute', (_node, data) => {
    // DOMPurify's own URI check allows some schemes (ftp:, data: for images) the house policy refuses.
    if (data.attrName !== 'href' && data.attrName !== 'src') return;
    if (!isSafeUrl(data.attrValue)) data.keepAttr = false;
  });
  made.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    node.setAttribute('rel', 'noopener noreferrer');
    // Links leaving the app open in a new tab; relative (in-app) and mail/phone links stay where they are.
    if (OTHER_SITE.test(asBrowserReads(node.getAttribute('href') ?? ''))) node.setAttribute('target', '_blank');
    else node.removeAttribute('target');
  });
  purifier = made;
  return made;
}

export function sanitizeHtml(html: string): string {
  return instance().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    FORBID_CONTENTS,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    KEEP_CONTENT: true,
    RETURN_TRUSTED_TYPE: false,
  }) as string;
}
