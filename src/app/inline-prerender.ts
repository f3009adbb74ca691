/**
 * The second inline script of index.html, right after #app (scripts/prerender.mjs puts it there): #app holds the login
 * page prerendered in Chinese, and <template>s hold the other prerendered pages and languages. The head's boot
 * (inline-boot.ts) has decided the page and the language; this shows the matching markup, or the boot spinner when the
 * page was not prerendered. The parser may paint before this runs: a style rule (scripts/prerender.mjs) keeps #app's
 * Chinese login hidden until then when another page or language was decided. A returning visitor's cached brand
 * (name, logo) is filled in. With JavaScript off, none of this runs and the login page shows as it is.
 */
import { read } from '../core/storage.ts';

export function showPrerendered(): void {
  const root = document.getElementById('app');
  const html = document.documentElement;
  // Home's segment is '': only a missing decision (the head's script did not run) leaves the page as it is.
  if (!root || html.dataset.bootPage === undefined) return;
  const wanted = `${html.dataset.bootPage}-${html.lang}`;
  if (root.dataset.prerendered !== wanted) {
    const template = document.getElementById(`prerendered-${wanted}`);
    if (template instanceof HTMLTemplateElement) root.replaceChildren(template.content.cloneNode(true));
    else root.replaceChildren(); // Empty, #app shows the boot spinner until the app's page is ready.
    root.dataset.prerendered = template ? wanted : '';
  }
  // Stored by an older build perhaps: each field is checked before it is used.
  const about = read('aboutAppData') as { clientName?: unknown; logoUrl?: unknown } | undefined;
  if (!about || html.dataset.bootClient !== read('clientNo')) return;
  const name = root.querySelector('.brand__name');
  if (name && typeof about.clientName === 'string') name.textContent = about.clientName;
  const slot = root.querySelector('span.brand__logo');
  if (slot && typeof about.logoUrl === 'string' && about.logoUrl) {
    // The same element the login layout renders for a logo (app/layouts/index.tsx).
    const logo = document.createElement('img');
    logo.className = 'brand__logo';
    logo.src = about.logoUrl;
    logo.alt = '';
    logo.width = 64;
    logo.height = 64;
    slot.replaceWith(logo);
  }
}
