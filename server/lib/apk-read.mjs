// @ts-check
import yauzl from 'yauzl';
import ManifestParser from '@devicefarmer/adbkit-apkreader/lib/apkreader/parser/manifest.js';

// The reading of an Android package, every step bounded (server/API.md "Files"): an uploaded file is the sender's
// bytes, and a zip's few compressed bytes may stand for gigabytes. The zip is read as a stream (yauzl) and an entry is
// refused before it is inflated when its header announces more than its bound, and while it is inflated when it gives
// more than its bound (a header may lie). The binary manifest is then parsed by adbkit-apkreader's own parser. This
// runs in a worker thread (apk-worker.mjs, started by lib/apk.ts) that is ended past a time limit and has a memory cap.
// It is JavaScript checked by TypeScript (JSDoc types) because a worker thread does not inherit the server's
// TypeScript loader, and loading one in each worker costs it about a second of start.

/** @typedef {import('yauzl').Entry} Entry */
/** @typedef {import('yauzl').ZipFile} ZipFile */
/**
 * @typedef {object} ApkManifest
 * @property {string} packageName
 * @property {string} label
 * @property {string} versionName
 * @property {number} versionCode
 * @property {Buffer | null} iconPng The launcher icon, when the manifest names a PNG the package carries.
 */

export const APK_BOUNDS = Object.freeze({
  /** The compiled AndroidManifest.xml: real ones are a few to a few tens of KB. */
  manifestBytes: 512 * 1024,
  /** A launcher icon; a larger one is left out (the package is still read). */
  iconBytes: 256 * 1024,
  /** Every byte inflated for one package, the manifest and each icon tried included. */
  inflatedBytes: 2 * 1024 * 1024,
  /** Entries of the zip's directory looked at: as many as a zip without its 64-bit extension can hold. */
  entries: 65_535,
  /** PNG entries remembered as possible icons while the directory is read... */
  pngEntries: 4096,
  /** ...each with at most this many bytes of name, extra fields and comment (a record holds its bytes). */
  pngRecordBytes: 1024,
});

/** A package refused by one of the bounds, or not a package at all; the upload fails with "package parse error". */
export class ApkRefused extends Error {
  /** @override */
  name = 'ApkRefused';
}

const MANIFEST = 'AndroidManifest.xml';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Where packages built by the usual tools keep their launcher icon, largest first. */
const ICON_PATHS = ['res/mipmap-xxhdpi-v4/ic_launcher.png', 'res/mipmap-xhdpi-v4/ic_launcher.png', 'res/mipmap-hdpi-v4/ic_launcher.png', 'res/drawable/icon.png'];
const PACKAGE_NAME = /^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/;

/**
 * A text attribute of the manifest, or '' for a resource reference (a table this reader does not resolve).
 * @param {unknown} value
 */
const literal = (value) => (typeof value === 'string' && !value.startsWith('resourceId:') ? value.trim() : '');

/**
 * An entry's bytes, at most `limit` of them: refused before inflating when its header announces more than `limit` or
 * than what is left of the package's budget (`budget.left`, shared by its entries), and as soon as the inflated
 * stream passes either (the stream is then destroyed, which stops the inflating). Exported for its test.
 * @param {ZipFile} zip
 * @param {Entry} entry
 * @param {number} limit
 * @param {{ left: number }} budget
 * @returns {Promise<Buffer>}
 */
export async function readBounded(zip, entry, limit, budget) {
  if (entry.uncompressedSize > limit) throw new ApkRefused(`${entry.fileName} announces ${entry.uncompressedSize} bytes, more than ${limit}`);
  if (entry.uncompressedSize > budget.left) throw new ApkRefused(`${entry.fileName} announces ${entry.uncompressedSize} bytes, more than the package's ${budget.left} left`);
  const stream = await zip.openReadStreamPromise(entry);
  /** @type {Buffer[]} */
  const chunks = [];
  let total = 0;
  for await (const chunk of stream) {
    total += chunk.length;
    budget.left -= chunk.length;
    if (total > limit) throw new ApkRefused(`${entry.fileName} inflates past ${limit} bytes`);
    if (budget.left < 0) throw new ApkRefused('the package inflates past its budget');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

/**
 * The compiled manifest cut to its own declared size, once each of its chunks is seen to fit in it and to be at least
 * a chunk header long: the parser reads chunks up to the end of what it is given, and a chunk of size 0 (zeros after
 * the manifest, say) would have it read the same place for ever.
 * @param {Buffer} bytes
 */
function framedManifest(bytes) {
  const XML = 0x0003;
  const HEADER = 8;
  if (bytes.length < HEADER || bytes.readUInt16LE(0) !== XML) throw new ApkRefused(`${MANIFEST} is not compiled XML`);
  const size = bytes.readUInt32LE(4);
  if (size < HEADER || size > bytes.length) throw new ApkRefused(`${MANIFEST} announces ${size} bytes of ${bytes.length}`);
  // The parser reads the chunks from just after the first header, as this does.
  for (let at = HEADER; at < size; ) {
    const headerSize = at + HEADER <= size ? bytes.readUInt16LE(at + 2) : 0;
    const chunkSize = at + HEADER <= size ? bytes.readUInt32LE(at + 4) : 0;
    if (headerSize < HEADER || chunkSize < headerSize || at + chunkSize > size) throw new ApkRefused(`${MANIFEST} has a malformed chunk at ${at}`);
    at += chunkSize;
  }
  return bytes.subarray(0, size);
}

/**
 * The bytes a directory record keeps with its entry: its name, extra fields and comment.
 * @param {Entry} entry
 */
const recordBytes = (entry) => entry.fileNameLength + entry.extraFieldLength + entry.fileCommentLength;

/**
 * The manifest's entry and the PNG entries that may be its icon, from a directory of at most `entries` entries.
 * @param {ZipFile} zip
 */
async function findEntries(zip) {
  if (zip.entryCount > APK_BOUNDS.entries) throw new ApkRefused(`${zip.entryCount} entries, more than ${APK_BOUNDS.entries}`);
  /** @type {Entry | undefined} */
  let manifest;
  /** @type {Map<string, Entry>} */
  const pngs = new Map();
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName === MANIFEST) manifest ??= entry;
    else if (entry.fileName.endsWith('.png') && pngs.size < APK_BOUNDS.pngEntries && recordBytes(entry) <= APK_BOUNDS.pngRecordBytes) pngs.set(entry.fileName, entry);
  }
  if (!manifest) throw new ApkRefused(`no ${MANIFEST}`);
  return { manifest, pngs };
}

/**
 * The first icon that can be read within its bound; one past it, or not a PNG, is passed over.
 * @param {ZipFile} zip
 * @param {Map<string, Entry>} pngs
 * @param {string} named the icon the manifest names, or ''
 * @param {{ left: number }} budget
 */
async function readIcon(zip, pngs, named, budget) {
  for (const path of new Set(named ? [named, ...ICON_PATHS] : ICON_PATHS)) {
    const entry = pngs.get(path);
    if (!entry) continue;
    const bytes = await readBounded(zip, entry, APK_BOUNDS.iconBytes, budget).catch(() => null);
    if (bytes && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return bytes;
    if (budget.left <= 0) return null;
  }
  return null;
}

/**
 * The package's manifest and icon; rejects when a bound is passed, the file is not a package, or names no valid package.
 * @param {string} file
 * @returns {Promise<ApkManifest>}
 */
export async function readApkBounded(file) {
  /** @type {ZipFile} */
  let zip;
  try {
    // validateEntrySizes: yauzl itself also errors when an entry inflates to other than its announced size.
    zip = await yauzl.openPromise(file, { autoClose: false, validateEntrySizes: true, strictFileNames: false });
  } catch (error) {
    throw new ApkRefused(`not a zip: ${String(error)}`);
  }
  try {
    const budget = { left: APK_BOUNDS.inflatedBytes };
    const { manifest: manifestEntry, pngs } = await findEntries(zip);
    const manifestBytes = await readBounded(zip, manifestEntry, APK_BOUNDS.manifestBytes, budget);
    const manifest = /** @type {{ package?: unknown, versionCode?: unknown, versionName?: unknown, application?: { label?: unknown, icon?: unknown } | null }} */ (
      new ManifestParser(framedManifest(manifestBytes)).parse()
    );
    const packageName = literal(manifest.package);
    if (!PACKAGE_NAME.test(packageName)) throw new ApkRefused('no valid package name');
    // A label kept as a resource (most real packages) reads as the last part of the package name.
    const label = literal(manifest.application?.label).slice(0, 40) || /** @type {string} */ (packageName.split('.').pop());
    const versionCode = Number(manifest.versionCode);
    return {
      packageName,
      label,
      versionName: literal(manifest.versionName).slice(0, 40),
      versionCode: Number.isSafeInteger(versionCode) ? versionCode : 0,
      iconPng: await readIcon(zip, pngs, literal(manifest.application?.icon), budget),
    };
  } finally {
    zip.close();
  }
}
