/** Money is integer cents everywhere (server/API.md "Commerce"); shown as yuan with two decimals, e.g. ¥12.34. */
export function formatMoney(cents: number): string {
  const whole = Math.round(cents);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  // Integer arithmetic: 0.1 + 0.2 never shows up as ¥0.30000000000000004.
  return `${sign}¥${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
