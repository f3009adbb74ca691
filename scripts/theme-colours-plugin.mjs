/**
 * Writes the tenant themes' colours (shared/theme-colours.ts, their one definition) into global.css and index.html,
 * where they are named `%brand.<theme>.<role>%` (`%brand.green.theme%`) and `%shell.<tone>%` (`%shell.light%`).
 * Plain string replacement through Vite's public hooks (`transform` before its CSS pipeline, `transformIndexHtml`);
 * a name with no colour fails the build, so a typo never ships as invalid CSS.
 */

const TOKEN = /%(brand\.[a-z]+\.[a-z]+|shell\.[a-z]+)%/g;

/** The text with every colour name replaced; throws on a name the colours do not hold. */
export function writeColours(text, colours, where) {
  return text.replace(TOKEN, (whole, name) => {
    const [group, ...path] = name.split('.');
    let value = group === 'brand' ? colours.brand : colours.shell;
    for (const key of path) value = value?.[key];
    if (typeof value !== 'string') throw new Error(`${where}: no theme colour named ${whole}`);
    return value;
  });
}

/** The Vite plugin; `colours` is `{ brand: BRAND_COLOURS, shell: SHELL_COLOURS }`. */
export function themeColours(colours) {
  return {
    name: 'theme-colours',
    enforce: 'pre',
    transform(code, id) {
      if (!/\.css(\?|$)/.test(id)) return null;
      const written = writeColours(code, colours, id);
      return written === code ? null : { code: written, map: null };
    },
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => writeColours(html, colours, 'index.html'),
    },
  };
}
