// The part of @devicefarmer/adbkit-apkreader (which ships no types) that lib/apk-read.mjs uses: its parser of the
// binary AndroidManifest.xml, given the manifest's bytes (the zip itself is read by lib/apk-read.mjs, within bounds).
declare module '@devicefarmer/adbkit-apkreader/lib/apkreader/parser/manifest.js' {
  export default class ManifestParser {
    constructor(buffer: Buffer, options?: Record<string, unknown>);
    parse(): unknown;
  }
}
