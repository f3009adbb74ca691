/**
 * Makes server HTML (agreements, CMS texts) safe to insert: an allowlist of tags and attributes, no
 * scripts or event handlers, no `javascript:` (or other non-web) links. Imported only by the pages that
 * show such HTML, so it never weighs on the first screen.
 */
import { isSafeUrl } from './safe-url.ts';

const ALLOWED_TAGS = new Set([
  'A', 'B', 'BLOCKQUOTE', 'BR', 'CAPTION', 'CODE', 'DD', 'DIV', 'DL', 'DT', 'EM', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6',
  'HR', 'I', 'IMG', 'LI', 'OL', 'P', 'PRE', 'S', 'SMALL', 'SPAN', 'STRONG', 'SUB', 'SUP', 'TABLE', 'TBODY', 'TD',
  'TFOOT', 'TH', 'THEAD', 'TR', 'U', 'UL',
]);
/** Elements removed with everything inside them (their text is not content). */
const DROPPED_WITH_CONTENT = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT', 'SVG', 'MATH', 'FORM', 'TEXTAREA', 'SELECT', 'BUTTON', 'LINK', 'META', 'BASE']);
const ALLOWED_ATTRIBUTES = new Set(['href', 'src', 'alt', 'title', 'colspan', 'rowspan', 'width', 'height', 'align']);

function clean(node: Element): void {
  for (const child of Array.from(node.children)) {
    const tag = child.tagName.toUpperCase();
    if (DROPPED_WITH_CONTENT.has(tag)) {
      child.remove();
      continue;
    }
    clean(child);
    if (!ALLOWED_TAGS.has(tag)) {
      // Unknown wrapper: keep its (already cleaned) children, drop the element itself.
      child.replaceWith(...Array.from(child.childNodes));
      continue;
    }
    for (const attribute of Array.from(child.attributes)) {
      const name = attribute.name.toLowerCase();
      const keep = ALLOWED_ATTRIBUTES.has(name) && (name !== 'href' && name !== 'src' ? true : isSafeUrl(attribute.value));
      if (!keep) child.removeAttribute(attribute.name);
    }
    if (tag === 'A') {
      child.setAttribute('target', '_blank');
      child.setAttribute('rel', 'noopener noreferrer');
    }
  }
}

export function sanitizeHtml(html: string): string {
  // A document made by DOMParser is inert: its scripts never run and its images never load.
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  clean(doc.body);
  return doc.body.innerHTML;
}
