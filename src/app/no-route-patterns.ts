/**
 * What the build gives wouter in place of its path-pattern parser (the `regexparam` package; vite.config.ts aliases
 * it here). This app reads addresses with its own route table (routes.ts, router-rules.ts) and uses only wouter's
 * Router, Link and location hooks; the parser's one caller is wouter's pattern matching (`<Route>`, `<Switch>`,
 * `useRoute`), which nothing here uses and a unit test keeps that way (test/unit/app/route-table.test.ts). The parser
 * still reached the first screen through the Router's defaults: 237 bytes gzip (48 brotli). Depends on: wouter's
 * src/index.js importing `parse` from 'regexparam' for its default router's `parser` alone
 * (test/unit/project/build-aliases.test.ts).
 */
export function parse(): never {
  throw new Error('no route patterns: src/app/no-route-patterns.ts');
}
