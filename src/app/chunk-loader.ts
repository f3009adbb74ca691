/**
 * What the build wraps around every dynamic import (`__vitePreload(load, deps)`), in place of Vite's own helper
 * (scripts/chunk-loader-plugin.mjs swaps it in). Vite's handles relative bases, CSP nonces, browsers without
 * modulepreload and an error event this app does not listen to: 0.5 KB gzip more in the entry. This app is served
 * from one absolute base to browsers that all know modulepreload, so it needs only this: each listed file (relative
 * to the base) gets one link, a style sheet is waited for so that a page never shows unstyled, and a file that failed
 * may be asked for again (the page's retry).
 */
const asked: Record<string, Promise<unknown> | undefined> = {};

export const __vitePreload = <T>(load: () => Promise<T>, deps?: readonly string[]): Promise<T> =>
  Promise.all((deps ?? []).map((dep) => (asked[dep] ??= attach(import.meta.env.BASE_URL + dep, dep)))).then(load);

function attach(href: string, dep: string): Promise<unknown> | undefined {
  // Already in the page: the boot plan's links (app/inline-boot.ts), app/route-files.ts, and the entry's stylesheet,
  // inline in index.html under its file's address (scripts/prerender.mjs).
  if (document.head.querySelector(`link[href="${href}"],style[data-href="${href}"]`)) return;
  const link = document.createElement('link');
  const sheet = href.endsWith('.css');
  link.rel = sheet ? 'stylesheet' : 'modulepreload';
  link.href = href;
  document.head.appendChild(link);
  if (!sheet) return;
  return new Promise((resolve, reject) => {
    link.onload = resolve;
    link.onerror = () => {
      link.remove();
      asked[dep] = undefined;
      reject(new Error(`style sheet ${href} did not load`));
    };
  });
}
