/**
 * What the build gives tus-js-client in place of the `url-parse` package (vite.config.ts aliases it here): the
 * browser's own URL. tus imports url-parse for one call, `new URL(link, endpoint).toString()` (its `resolveUrl`, for
 * the address the server answers with); the endpoint this app gives it is a path, which url-parse reads against the
 * page and the browser's URL refuses as a base, so it is resolved against the page first. url-parse and its two
 * helpers are CommonJS, and with them the bundler's CommonJS interop sat in the first screen for the upload's sake:
 * 281 bytes gzip (210 brotli). Depends on: tus-js-client's lib.esm/upload.js importing url-parse and using it as
 * `new URL(link, origin)` alone (test/unit/project/build-aliases.test.ts).
 */
export default class TusUrl extends URL {
  constructor(link: string, base: string) {
    super(link, new URL(base, location.href));
  }
}
