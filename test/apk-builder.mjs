// Small, real Android packages for the tests and benchmarks, built from bytes here rather than shipped as blobs of
// unknown origin: a zip (yazl) holding a binary AndroidManifest.xml (Android's compiled XML: a string pool, then
// namespace and element chunks) with the package name, version and application label and icon, the icon as a PNG
// (@napi-rs/canvas), and optional filler bytes to reach a size.
import { Readable } from 'node:stream';
import yazl from 'yazl';
import { createCanvas } from '@napi-rs/canvas';

const ANDROID_NS = 'http://schemas.android.com/apk/res/android';
const TYPE = { string: 0x03, intDec: 0x10 };

/** A chunk: type, header size, total size, then the rest of the header and the body. */
function chunk(type, headerSize, header, body = Buffer.alloc(0)) {
  const head = Buffer.alloc(8);
  head.writeUInt16LE(type, 0);
  head.writeUInt16LE(headerSize, 2);
  head.writeUInt32LE(8 + header.length + body.length, 4);
  return Buffer.concat([head, header, body]);
}

/** UTF-16 string pool: each string its length, its code units, a 0 terminator; padded to 4 bytes. */
function stringPool(strings) {
  const data = Buffer.concat(
    strings.map((text) => {
      const out = Buffer.alloc(2 + text.length * 2 + 2);
      out.writeUInt16LE(text.length, 0);
      for (let i = 0; i < text.length; i++) out.writeUInt16LE(text.charCodeAt(i), 2 + i * 2);
      return out;
    }),
  );
  const offsets = Buffer.alloc(strings.length * 4);
  let at = 0;
  strings.forEach((text, i) => {
    offsets.writeUInt32LE(at, i * 4);
    at += 2 + text.length * 2 + 2;
  });
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  const header = Buffer.alloc(20);
  header.writeUInt32LE(strings.length, 0); // string count
  header.writeUInt32LE(0, 4); // style count
  header.writeUInt32LE(0, 8); // flags: UTF-16, not sorted
  header.writeUInt32LE(28 + offsets.length, 12); // strings start, from the chunk's start
  header.writeUInt32LE(0, 16); // styles start
  return chunk(0x0001, 28, header, Buffer.concat([offsets, padded]));
}

/** The compiled manifest: <manifest package versionCode versionName><application label icon/></manifest>. */
export function binaryManifest({ packageName, versionCode, versionName, label, icon }) {
  const strings = ['android', ANDROID_NS, 'manifest', 'package', 'versionCode', 'versionName', 'application', 'label', 'icon', packageName, versionName, label, icon];
  const s = (text) => strings.indexOf(text);
  const node = (line) => {
    const out = Buffer.alloc(8);
    out.writeUInt32LE(line, 0);
    out.writeInt32LE(-1, 4); // no comment
    return out;
  };
  const namespace = (type) => {
    const body = Buffer.alloc(8);
    body.writeUInt32LE(s('android'), 0);
    body.writeUInt32LE(s(ANDROID_NS), 4);
    return chunk(type, 16, node(1), body);
  };
  const attribute = (ns, name, type, value) => {
    const out = Buffer.alloc(20);
    out.writeInt32LE(ns, 0);
    out.writeUInt32LE(s(name), 4);
    out.writeInt32LE(type === TYPE.string ? s(value) : -1, 8);
    out.writeUInt16LE(8, 12);
    out.writeUInt8(0, 14);
    out.writeUInt8(type, 15);
    out.writeUInt32LE(type === TYPE.string ? s(value) : value, 16);
    return out;
  };
  const start = (name, attributes) => {
    const body = Buffer.alloc(20);
    body.writeInt32LE(-1, 0); // element namespace
    body.writeUInt32LE(s(name), 4);
    body.writeUInt16LE(20, 8); // attribute start
    body.writeUInt16LE(20, 10); // attribute size
    body.writeUInt16LE(attributes.length, 12);
    return chunk(0x0102, 16, node(1), Buffer.concat([body, ...attributes]));
  };
  const end = (name) => {
    const body = Buffer.alloc(8);
    body.writeInt32LE(-1, 0);
    body.writeUInt32LE(s(name), 4);
    return chunk(0x0103, 16, node(1), body);
  };
  const ns = s(ANDROID_NS);
  const body = Buffer.concat([
    stringPool(strings),
    namespace(0x0100),
    start('manifest', [attribute(-1, 'package', TYPE.string, packageName), attribute(ns, 'versionCode', TYPE.intDec, versionCode), attribute(ns, 'versionName', TYPE.string, versionName)]),
    start('application', [attribute(ns, 'label', TYPE.string, label), attribute(ns, 'icon', TYPE.string, icon)]),
    end('application'),
    end('manifest'),
    namespace(0x0101),
  ]);
  return chunk(0x0003, 8, Buffer.alloc(0), body);
}

/** A launcher icon: a rounded square in `color` with the label's first letter. */
export function iconPng(label, color = '#2e7d32') {
  const canvas = createCanvas(96, 96);
  const g = canvas.getContext('2d');
  g.fillStyle = color;
  g.beginPath();
  g.roundRect(0, 0, 96, 96, 20);
  g.fill();
  g.fillStyle = '#ffffff';
  g.font = 'bold 56px sans-serif';
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.fillText(label.slice(0, 1).toUpperCase(), 48, 52);
  return canvas.toBuffer('image/png');
}

/**
 * An APK's bytes: the manifest, the icon at res/drawable/icon.png, and `fillerBytes` of incompressible bytes (stored,
 * so the file is about that much larger) for upload tests that need a size.
 */
export function buildApk({ packageName = 'com.example.hello', versionCode = 1, versionName = '1.0', label = 'Hello', color, fillerBytes = 0 } = {}) {
  const zip = new yazl.ZipFile();
  const icon = 'res/drawable/icon.png';
  zip.addBuffer(binaryManifest({ packageName, versionCode, versionName, label, icon }), 'AndroidManifest.xml');
  zip.addBuffer(iconPng(label, color), icon, { compress: false });
  if (fillerBytes > 0) {
    // A cheap incompressible stream: xorshift, seeded by the package name.
    const filler = Buffer.alloc(fillerBytes);
    let x = [...packageName].reduce((hash, ch) => Math.imul(hash ^ ch.charCodeAt(0), 16777619), 2166136261) | 1;
    for (let i = 0; i + 4 <= fillerBytes; i += 4) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      filler.writeInt32LE(x | 0, i);
    }
    zip.addBuffer(filler, 'assets/filler.bin', { compress: false });
  }
  return zipBytes(zip);
}

/** The zip's bytes, once every entry is in. */
function zipBytes(zip) {
  zip.end();
  return new Promise((resolve, reject) => {
    const parts = [];
    zip.outputStream.on('data', (part) => parts.push(part));
    zip.outputStream.on('end', () => resolve(Buffer.concat(parts)));
    zip.outputStream.on('error', reject);
  });
}

/** `head`, then `pattern` over and over up to `total` bytes, as a stream of 1 MiB pieces (never held whole). */
function paddedStream(head, total, pattern) {
  const piece = Buffer.alloc(1024 * 1024, pattern);
  let left = total - head.length;
  let first = true;
  return new Readable({
    read() {
      if (first) {
        first = false;
        this.push(head);
      } else if (left <= 0) this.push(null);
      else {
        const size = Math.min(left, piece.length);
        left -= size;
        this.push(size === piece.length ? piece : piece.subarray(0, size));
      }
    },
  });
}

/** An empty chunk of Android's compiled XML (type 0, an 8-byte header and nothing else): parsers step over it. */
const EMPTY_CHUNK = Buffer.from([0, 0, 8, 0, 8, 0, 0, 0]);

/**
 * A zip bomb: a package whose manifest (`entry: 'manifest'`) or icon (`entry: 'icon'`) is its real bytes followed by
 * filler up to `inflatedBytes`, deflated to about a thousandth of that. The filler is zeros, or for the manifest with
 * `filler: 'chunks'`, empty chunks (a manifest that grows, still well formed once its size field is set to cover them:
 * `framed`).
 */
export function buildBombApk({ entry = 'manifest', inflatedBytes = 64 * 1024 ** 2, filler = 'zeros', framed = false } = {}) {
  const icon = 'res/drawable/icon.png';
  const manifest = binaryManifest({ packageName: 'com.example.bomb', versionCode: 1, versionName: '1.0', label: 'Bomb', icon });
  const pattern = filler === 'chunks' ? EMPTY_CHUNK : 0;
  // Whole chunks only; the padded size in the size field of the manifest's first chunk when framed.
  const total = filler === 'chunks' ? manifest.length + Math.floor((inflatedBytes - manifest.length) / 8) * 8 : inflatedBytes;
  if (framed) manifest.writeUInt32LE(total, 4);
  const zip = new yazl.ZipFile();
  if (entry === 'manifest') zip.addReadStream(paddedStream(manifest, total, pattern), 'AndroidManifest.xml');
  else zip.addBuffer(manifest, 'AndroidManifest.xml');
  if (entry === 'icon') zip.addReadStream(paddedStream(iconPng('Bomb'), inflatedBytes, 0), icon);
  else zip.addBuffer(iconPng('Bomb'), icon, { compress: false });
  return zipBytes(zip);
}

/**
 * A copy of a zip whose central directory lies: it announces `size` inflated bytes for the entry `name` (its data and
 * checksum are left as they are).
 */
export function announceSize(zipBytes, name, size) {
  const bytes = Buffer.from(zipBytes);
  // Each central directory record: its signature, the inflated size at 24, the name's length at 28, the name at 46.
  const record = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
  for (let at = bytes.indexOf(record); at >= 0; at = bytes.indexOf(record, at + 4)) {
    if (bytes.toString('utf8', at + 46, at + 46 + bytes.readUInt16LE(at + 28)) === name) bytes.writeUInt32LE(size, at + 24);
  }
  return bytes;
}
