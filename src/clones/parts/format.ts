/** Sizes and dates as the template list shows them. */
import { formatDateTime } from '../../core/format.ts';

export { formatDateTime };

/** Bytes in the largest unit that keeps the number above 1 (a template is hundreds of megabytes to gigabytes). */
export function formatSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
