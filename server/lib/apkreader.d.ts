// The few parts of @devicefarmer/adbkit-apkreader (which ships no types) that lib/apk.ts uses.
declare module '@devicefarmer/adbkit-apkreader' {
  interface ApkReaderInstance {
    readManifest(): Promise<unknown>;
    readContent(path: string): Promise<Buffer>;
  }
  const ApkReader: { open(file: string): Promise<ApkReaderInstance> };
  export default ApkReader;
}
