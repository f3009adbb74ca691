/**
 * Screen points to the phone's pixels. The stage shows the whole 9:16 picture scaled into its box (letterboxed if
 * the box is not 9:16), so a point maps through the picture's rectangle, and points outside it clamp to the edge
 * (a finger sliding off the picture keeps dragging along the border instead of jumping).
 */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where a picture of aspect `width:height` sits inside `box` when scaled to fit (object-fit: contain). */
export function fittedRect(box: Box, width: number, height: number): Box {
  const scale = Math.min(box.width / width, box.height / height);
  const w = width * scale;
  const h = height * scale;
  return { left: box.left + (box.width - w) / 2, top: box.top + (box.height - h) / 2, width: w, height: h };
}

export function toDevicePoint(box: Box, device: { width: number; height: number }, clientX: number, clientY: number): { x: number; y: number } {
  const picture = fittedRect(box, device.width, device.height);
  const clamp = (value: number, max: number) => Math.min(max - 1, Math.max(0, value));
  return {
    x: Math.round(clamp(((clientX - picture.left) / picture.width) * device.width, device.width)),
    y: Math.round(clamp(((clientY - picture.top) / picture.height) * device.height, device.height)),
  };
}

/** The largest 9:16 size that fits the available space. */
export function stageSize(availableWidth: number, availableHeight: number): { width: number; height: number } {
  const width = Math.min(availableWidth, (availableHeight * 9) / 16);
  return { width: Math.floor(width), height: Math.floor((width * 16) / 9) };
}
