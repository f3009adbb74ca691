import { FRAME_HEADER_BYTES, FRAME_KIND, MAX_PATCH_REGIONS, PATCH_HEADER_BYTES, PATCH_KIND, PATCH_REGION_BYTES } from '../../shared/contract/stream-protocol.ts';
import type { Region } from './render-frame.ts';
import { LAYOUT_HEIGHT, LAYOUT_WIDTH } from './phone-layout.ts';
import type { Rect } from './phone-layout.ts';

// What a socket is sent when the picture changed (API.md "Streaming", stream-protocol.ts PATCH_KIND): the changed
// regions of the picture, each its own small JPEG, or the whole picture when the regions cover most of it. A tap
// that lights one spot sends a few hundred bytes instead of a 20-30 KB picture. Regions come from the model's own
// record of what each change touched (VirtualScreen.damageSince), not from comparing pixels: reading a 720x1280
// picture's pixels back costs about 10 ms of the event loop per picture, the record costs nothing.

/** Regions are aligned to the JPEG's 16-pixel blocks, so a region's edges fall where the whole picture's do. */
const BLOCK = 16;
/** Regions covering more than this share of the picture are sent as the whole picture (about as many bytes). */
const WHOLE_SHARE = 0.5;

/** One region of a patch: where it goes, and its JPEG. */
export interface PatchPart {
  x: number;
  y: number;
  jpeg: Buffer;
}

export interface Patch {
  width: number;
  height: number;
  parts: PatchPart[];
}

const area = (r: Region) => r.w * r.h;

function union(a: Region, b: Region): Region {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
}

/** A layout rectangle in the output picture's pixels, grown to whole blocks and clipped to the picture. */
function toRegion(r: Rect, width: number, height: number): Region | null {
  const sx = width / LAYOUT_WIDTH;
  const sy = height / LAYOUT_HEIGHT;
  const x0 = Math.max(0, Math.floor((r.x * sx) / BLOCK) * BLOCK);
  const y0 = Math.max(0, Math.floor((r.y * sy) / BLOCK) * BLOCK);
  const x1 = Math.min(width, Math.ceil(((r.x + r.w) * sx) / BLOCK) * BLOCK);
  const y1 = Math.min(height, Math.ceil(((r.y + r.h) * sy) / BLOCK) * BLOCK);
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, w: x1 - x0, h: y1 - y0 } : null;
}

/**
 * The regions of a `width` x `height` picture to send for the changed layout rectangles, or null for the whole
 * picture. Regions whose union costs no more pixels than the two apart (overlapping or adjoining ones) are merged;
 * beyond MAX_PATCH_REGIONS, the pair whose union adds the fewest pixels is merged until they fit.
 */
export function patchRegions(rects: Rect[], width: number, height: number): Region[] | null {
  const regions = rects.map((r) => toRegion(r, width, height)).filter((r): r is Region => r !== null);
  for (let merged = true; merged; ) {
    merged = false;
    for (let i = 0; i < regions.length && !merged; i++) {
      for (let j = i + 1; j < regions.length && !merged; j++) {
        const u = union(regions[i]!, regions[j]!);
        if (area(u) <= area(regions[i]!) + area(regions[j]!)) {
          regions.splice(j, 1);
          regions[i] = u;
          merged = true;
        }
      }
    }
  }
  while (regions.length > MAX_PATCH_REGIONS) {
    let best = { i: 0, j: 1, growth: Infinity };
    for (let i = 0; i < regions.length; i++) {
      for (let j = i + 1; j < regions.length; j++) {
        const growth = area(union(regions[i]!, regions[j]!)) - area(regions[i]!) - area(regions[j]!);
        if (growth < best.growth) best = { i, j, growth };
      }
    }
    const u = union(regions[best.i]!, regions[best.j]!);
    regions.splice(best.j, 1);
    regions[best.i] = u;
  }
  const covered = regions.reduce((sum, r) => sum + area(r), 0);
  return covered > WHOLE_SHARE * width * height ? null : regions;
}

/** A whole picture: `[FRAME_KIND][seq]` then the JPEG. */
export function frameMessage(seq: number, jpeg: Buffer): Buffer {
  const out = Buffer.allocUnsafe(FRAME_HEADER_BYTES + jpeg.length);
  out[0] = FRAME_KIND;
  out.writeUInt32BE(seq, 1);
  jpeg.copy(out, FRAME_HEADER_BYTES);
  return out;
}

/** Changed regions: `[PATCH_KIND][seq][width][height][count]`, the region table, then the JPEGs. */
export function patchMessage(seq: number, patch: Patch): Buffer {
  const table = PATCH_HEADER_BYTES + patch.parts.length * PATCH_REGION_BYTES;
  const out = Buffer.allocUnsafe(table + patch.parts.reduce((sum, part) => sum + part.jpeg.length, 0));
  out[0] = PATCH_KIND;
  out.writeUInt32BE(seq, 1);
  out.writeUInt16BE(patch.width, 5);
  out.writeUInt16BE(patch.height, 7);
  out[9] = patch.parts.length;
  let offset = table;
  patch.parts.forEach((part, i) => {
    const at = PATCH_HEADER_BYTES + i * PATCH_REGION_BYTES;
    out.writeUInt16BE(part.x, at);
    out.writeUInt16BE(part.y, at + 2);
    out.writeUInt32BE(part.jpeg.length, at + 4);
    part.jpeg.copy(out, offset);
    offset += part.jpeg.length;
  });
  return out;
}
