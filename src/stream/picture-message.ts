/**
 * Reads the host's picture messages (stream-protocol.ts FRAME_KIND, PATCH_KIND): a whole picture, or the changed
 * regions of the one shown, each numbered for its acknowledgement. Anything malformed reads as null and is skipped;
 * the client then asks for a whole picture.
 */
import { FRAME_HEADER_BYTES, FRAME_KIND, PATCH_HEADER_BYTES, PATCH_KIND, PATCH_REGION_BYTES } from '../../shared/contract/stream-protocol.ts';

export interface PatchPart {
  x: number;
  y: number;
  picture: Blob;
}

/** What a surface draws: a whole picture, or regions over a picture of `width` x `height`. */
export type PictureUpdate = { whole: Blob } | { width: number; height: number; parts: PatchPart[] };

export type StreamPicture = PictureUpdate & { seq: number };

const jpeg = (data: ArrayBuffer, start: number, end: number) => new Blob([data.slice(start, end)], { type: 'image/jpeg' });

export function readPicture(data: ArrayBuffer): StreamPicture | null {
  const view = new DataView(data);
  const kind = data.byteLength ? view.getUint8(0) : -1;
  if (kind === FRAME_KIND && data.byteLength > FRAME_HEADER_BYTES) {
    return { seq: view.getUint32(1), whole: jpeg(data, FRAME_HEADER_BYTES, data.byteLength) };
  }
  if (kind !== PATCH_KIND || data.byteLength < PATCH_HEADER_BYTES) return null;
  const count = view.getUint8(9);
  let offset = PATCH_HEADER_BYTES + count * PATCH_REGION_BYTES;
  if (offset > data.byteLength) return null;
  const parts: PatchPart[] = [];
  for (let i = 0; i < count; i++) {
    const at = PATCH_HEADER_BYTES + i * PATCH_REGION_BYTES;
    const bytes = view.getUint32(at + 4);
    if (offset + bytes > data.byteLength) return null;
    parts.push({ x: view.getUint16(at), y: view.getUint16(at + 2), picture: jpeg(data, offset, offset + bytes) });
    offset += bytes;
  }
  return { seq: view.getUint32(1), width: view.getUint16(5), height: view.getUint16(7), parts };
}
