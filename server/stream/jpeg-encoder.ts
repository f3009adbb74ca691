// A small baseline JPEG encoder (JFIF, 4:2:0 chroma subsampling, the standard Annex K Huffman tables, a float AAN
// DCT), written for the stream: pure TypeScript over typed arrays, no dependencies.
//
// Why not a package: native encoders (sharp, @napi-rs/image) download prebuilt binaries, which this project avoids.
// The pure-JS jpeg-js (npm) works but grows a plain JS array byte by byte and keeps chroma at full resolution (4:4:4):
// measured back to back on the same (heavily loaded, 2-CPU) machine, median per 720x1280 app screen: this encoder
// 87 ms, jpeg-js 129 ms, and 4:2:0 makes the frames smaller. jpeg-js stays a dev dependency: the tests decode with it.

// prettier-ignore
const ZIGZAG = Uint8Array.from([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
  35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
]);

// prettier-ignore
const LUMA_QUANT = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
  18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];
// prettier-ignore
const CHROMA_QUANT = [
  17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99, 24, 26, 56, 99, 99, 99, 99, 99, 47, 66, 99, 99, 99, 99, 99, 99,
  ...new Array<number>(32).fill(99),
];

// Annex K.3 tables: code counts per length 1-16, then the symbols.
const DC_LUMA_BITS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_CHROMA_BITS = [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0];
const DC_VALUES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const AC_LUMA_BITS = [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d];
const AC_CHROMA_BITS = [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77];

// prettier-ignore
const AC_LUMA_VALUES = [
  0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07, 0x22, 0x71, 0x14, 0x32,
  0x81, 0x91, 0xa1, 0x08, 0x23, 0x42, 0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0, 0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0a, 0x16,
  0x17, 0x18, 0x19, 0x1a, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44, 0x45,
  0x46, 0x47, 0x48, 0x49, 0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69,
  0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x92, 0x93, 0x94,
  0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6,
  0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8,
  0xd9, 0xda, 0xe1, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8,
  0xf9, 0xfa,
];
// prettier-ignore
const AC_CHROMA_VALUES = [
  0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61, 0x71, 0x13, 0x22, 0x32, 0x81,
  0x08, 0x14, 0x42, 0x91, 0xa1, 0xb1, 0xc1, 0x09, 0x23, 0x33, 0x52, 0xf0, 0x15, 0x62, 0x72, 0xd1, 0x0a, 0x16, 0x24, 0x34,
  0xe1, 0x25, 0xf1, 0x17, 0x18, 0x19, 0x1a, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44,
  0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68,
  0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x92,
  0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4,
  0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6,
  0xd7, 0xd8, 0xd9, 0xda, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8,
  0xf9, 0xfa,
];

interface Huffman {
  codes: Uint16Array;
  lengths: Uint8Array;
}

/** Canonical codes from the counts per length (Annex C). */
function huffman(bits: number[], values: number[]): Huffman {
  const codes = new Uint16Array(256);
  const lengths = new Uint8Array(256);
  let code = 0;
  let k = 0;
  for (let len = 1; len <= 16; len++) {
    for (let i = 0; i < bits[len - 1]!; i++) {
      codes[values[k]!] = code++;
      lengths[values[k]!] = len;
      k++;
    }
    code <<= 1;
  }
  return { codes, lengths };
}

const DC_LUMA = huffman(DC_LUMA_BITS, DC_VALUES);
const DC_CHROMA = huffman(DC_CHROMA_BITS, DC_VALUES);
const AC_LUMA = huffman(AC_LUMA_BITS, AC_LUMA_VALUES);
const AC_CHROMA = huffman(AC_CHROMA_BITS, AC_CHROMA_VALUES);

const AAN_SCALE = [1, 1.387039845, 1.306562965, 1.175875602, 1, 0.785694958, 0.5411961, 0.275899379];

interface Tables {
  /** Quantisers in zigzag order, as written to DQT. */
  lumaZz: Uint8Array;
  chromaZz: Uint8Array;
  /** 1 / (quantiser x AAN scale), natural order, applied to the DCT output. */
  lumaDiv: Float32Array;
  chromaDiv: Float32Array;
}

const tableCache = new Map<number, Tables>();

function tablesFor(quality: number): Tables {
  let tables = tableCache.get(quality);
  if (tables) return tables;
  const scale = quality < 50 ? 5000 / quality : 200 - quality * 2;
  const make = (base: number[]) => {
    const natural = base.map((q) => Math.min(255, Math.max(1, Math.floor((q * scale + 50) / 100))));
    const zz = new Uint8Array(64);
    const div = new Float32Array(64);
    for (let k = 0; k < 64; k++) zz[k] = natural[ZIGZAG[k]!]!;
    for (let row = 0; row < 8; row++) {
      for (let col = 0; col < 8; col++) div[row * 8 + col] = 1 / (natural[row * 8 + col]! * AAN_SCALE[row]! * AAN_SCALE[col]! * 8);
    }
    return { zz, div };
  };
  const luma = make(LUMA_QUANT);
  const chroma = make(CHROMA_QUANT);
  tables = { lumaZz: luma.zz, chromaZz: chroma.zz, lumaDiv: luma.div, chromaDiv: chroma.div };
  tableCache.set(quality, tables);
  return tables;
}

/** In-place float AAN forward DCT of an 8x8 block (jfdctflt), rows then columns; output scaled by AAN_SCALE*8. */
function fdct(d: Float32Array): void {
  for (let pass = 0; pass < 2; pass++) {
    const step = pass === 0 ? 1 : 8;
    const next = pass === 0 ? 8 : 1;
    for (let i = 0, base = 0; i < 8; i++, base += next) {
      const p0 = base, p1 = base + step, p2 = base + 2 * step, p3 = base + 3 * step;
      const p4 = base + 4 * step, p5 = base + 5 * step, p6 = base + 6 * step, p7 = base + 7 * step;
      const tmp0 = d[p0]! + d[p7]!;
      const tmp7 = d[p0]! - d[p7]!;
      const tmp1 = d[p1]! + d[p6]!;
      const tmp6 = d[p1]! - d[p6]!;
      const tmp2 = d[p2]! + d[p5]!;
      const tmp5 = d[p2]! - d[p5]!;
      const tmp3 = d[p3]! + d[p4]!;
      const tmp4 = d[p3]! - d[p4]!;
      let tmp10 = tmp0 + tmp3;
      const tmp13 = tmp0 - tmp3;
      let tmp11 = tmp1 + tmp2;
      let tmp12 = tmp1 - tmp2;
      d[p0] = tmp10 + tmp11;
      d[p4] = tmp10 - tmp11;
      const z1 = (tmp12 + tmp13) * 0.707106781;
      d[p2] = tmp13 + z1;
      d[p6] = tmp13 - z1;
      tmp10 = tmp4 + tmp5;
      tmp11 = tmp5 + tmp6;
      tmp12 = tmp6 + tmp7;
      const z5 = (tmp10 - tmp12) * 0.382683433;
      const z2 = 0.5411961 * tmp10 + z5;
      const z4 = 1.306562965 * tmp12 + z5;
      const z3 = tmp11 * 0.707106781;
      const z11 = tmp7 + z3;
      const z13 = tmp7 - z3;
      d[p5] = z13 + z2;
      d[p3] = z13 - z2;
      d[p1] = z11 + z4;
      d[p7] = z11 - z4;
    }
  }
}

class Writer {
  buf: Uint8Array;
  pos = 0;
  private bits = 0;
  private count = 0;

  constructor(size: number) {
    this.buf = new Uint8Array(size);
  }

  private grow(): void {
    const next = new Uint8Array(this.buf.length * 2);
    next.set(this.buf);
    this.buf = next;
  }

  byte(b: number): void {
    if (this.pos >= this.buf.length) this.grow();
    this.buf[this.pos++] = b;
  }

  word(w: number): void {
    this.byte(w >> 8);
    this.byte(w & 0xff);
  }

  bytes(list: ArrayLike<number>): void {
    for (let i = 0; i < list.length; i++) this.byte(list[i]!);
  }

  /** Entropy-coded bits, MSB first, with 0xFF byte stuffing. */
  put(value: number, length: number): void {
    this.bits = (this.bits << length) | (value & ((1 << length) - 1));
    this.count += length;
    while (this.count >= 8) {
      const b = (this.bits >> (this.count - 8)) & 0xff;
      this.byte(b);
      if (b === 0xff) this.byte(0);
      this.count -= 8;
    }
    this.bits &= (1 << this.count) - 1;
  }

  flushBits(): void {
    if (this.count > 0) this.put(0x7f, 8 - this.count);
  }
}

function bitLength(v: number): number {
  let a = v < 0 ? -v : v;
  let n = 0;
  while (a) {
    n++;
    a >>= 1;
  }
  return n;
}

const quantised = new Int32Array(64);

/** DCT, quantisation and Huffman coding of one block; returns its DC for the next block's difference. */
function encodeBlock(w: Writer, block: Float32Array, div: Float32Array, prevDc: number, dc: Huffman, ac: Huffman): number {
  fdct(block);
  for (let k = 0; k < 64; k++) {
    const n = ZIGZAG[k]!;
    quantised[k] = Math.round(block[n]! * div[n]!);
  }
  const value = quantised[0]!;
  const diff = value - prevDc;
  const size = bitLength(diff);
  w.put(dc.codes[size]!, dc.lengths[size]!);
  if (size) w.put(diff < 0 ? diff + (1 << size) - 1 : diff, size);
  let last = 63;
  while (last > 0 && quantised[last] === 0) last--;
  let run = 0;
  for (let k = 1; k <= last; k++) {
    const v = quantised[k]!;
    if (v === 0) {
      run++;
      continue;
    }
    while (run >= 16) {
      w.put(ac.codes[0xf0]!, ac.lengths[0xf0]!);
      run -= 16;
    }
    const s = bitLength(v);
    const symbol = (run << 4) | s;
    w.put(ac.codes[symbol]!, ac.lengths[symbol]!);
    w.put(v < 0 ? v + (1 << s) - 1 : v, s);
    run = 0;
  }
  if (last < 63) w.put(ac.codes[0]!, ac.lengths[0]!);
  return value;
}

function writeHuffmanTable(w: Writer, id: number, bits: number[], values: number[]): void {
  w.byte(id);
  w.bytes(bits);
  w.bytes(values);
}

/** Encodes RGBA pixels (alpha ignored) as a baseline JFIF JPEG; quality 1-100. */
export function encodeJpeg(rgba: Uint8Array, width: number, height: number, quality: number): Buffer {
  const q = Math.min(100, Math.max(1, Math.round(quality)));
  const t = tablesFor(q);
  const w = new Writer(Math.max(4096, (width * height) >> 2));

  w.word(0xffd8); // SOI
  w.word(0xffe0); // APP0 JFIF 1.1, no density, no thumbnail
  w.word(16);
  w.bytes([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  w.word(0xffdb); // DQT: table 0 luma, table 1 chroma
  w.word(2 + 2 * 65);
  w.byte(0);
  w.bytes(t.lumaZz);
  w.byte(1);
  w.bytes(t.chromaZz);
  w.word(0xffc0); // SOF0: 8-bit, 3 components, Y sampled 2x2 (4:2:0)
  w.word(17);
  w.byte(8);
  w.word(height);
  w.word(width);
  w.byte(3);
  w.bytes([1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  w.word(0xffc4); // DHT: the four standard tables
  w.word(2 + 4 * 17 + 2 * DC_VALUES.length + AC_LUMA_VALUES.length + AC_CHROMA_VALUES.length);
  writeHuffmanTable(w, 0x00, DC_LUMA_BITS, DC_VALUES);
  writeHuffmanTable(w, 0x10, AC_LUMA_BITS, AC_LUMA_VALUES);
  writeHuffmanTable(w, 0x01, DC_CHROMA_BITS, DC_VALUES);
  writeHuffmanTable(w, 0x11, AC_CHROMA_BITS, AC_CHROMA_VALUES);
  w.word(0xffda); // SOS
  w.word(12);
  w.bytes([3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 0x3f, 0]);

  const yBlocks = [new Float32Array(64), new Float32Array(64), new Float32Array(64), new Float32Array(64)];
  const cb = new Float32Array(64);
  const cr = new Float32Array(64);
  let dcY = 0;
  let dcCb = 0;
  let dcCr = 0;
  for (let my = 0; my < height; my += 16) {
    for (let mx = 0; mx < width; mx += 16) {
      cb.fill(0);
      cr.fill(0);
      for (let dy = 0; dy < 16; dy++) {
        const y = Math.min(height - 1, my + dy);
        const rowBase = y * width;
        for (let dx = 0; dx < 16; dx++) {
          const x = Math.min(width - 1, mx + dx);
          const p = (rowBase + x) * 4;
          const r = rgba[p]!;
          const g = rgba[p + 1]!;
          const b = rgba[p + 2]!;
          yBlocks[((dy >> 3) << 1) | (dx >> 3)]![((dy & 7) << 3) | (dx & 7)] = 0.299 * r + 0.587 * g + 0.114 * b - 128;
          const c = ((dy >> 1) << 3) | (dx >> 1);
          cb[c] = cb[c]! + (-0.168736 * r - 0.331264 * g + 0.5 * b) * 0.25;
          cr[c] = cr[c]! + (0.5 * r - 0.418688 * g - 0.081312 * b) * 0.25;
        }
      }
      for (const block of yBlocks) dcY = encodeBlock(w, block, t.lumaDiv, dcY, DC_LUMA, AC_LUMA);
      dcCb = encodeBlock(w, cb, t.chromaDiv, dcCb, DC_CHROMA, AC_CHROMA);
      dcCr = encodeBlock(w, cr, t.chromaDiv, dcCr, DC_CHROMA, AC_CHROMA);
    }
  }
  w.flushBits();
  w.word(0xffd9); // EOI
  return Buffer.from(w.buf.buffer, w.buf.byteOffset, w.pos);
}
