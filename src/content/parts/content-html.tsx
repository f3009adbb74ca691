/** A CMS page's HTML, sanitised (DOMPurify through core/sanitize-html.ts) before it reaches the DOM. */
import { useMemo } from 'react';
import { sanitizeHtml } from '../../core/sanitize-html.ts';

export function ContentHtml({ html }: { html: string }) {
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  return <div class="content-html" data-testid="content-html" dangerouslySetInnerHTML={{ __html: safe }} />;
}
