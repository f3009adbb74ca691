/** Display helpers shared by pages. */

/** Spec §3: a displayed phone number keeps the first 3 and last 4 digits with four asterisks between. */
export function maskMobile(mobile: string | undefined): string {
  if (!mobile) return '';
  if (mobile.length < 7) return mobile;
  return `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
}

/** Local date, `YYYY-MM-DD`. */
export function formatDate(ms: number | undefined): string {
  return formatDateTime(ms).slice(0, 10);
}

/** Local date and time, `YYYY-MM-DD HH:mm`. */
export function formatDateTime(ms: number | undefined): string {
  if (!ms) return '';
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Spec §9: arrays split into chunks of a given size. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (size < 1) throw new RangeError('chunk size must be at least 1');
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
