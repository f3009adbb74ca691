import { createHash } from 'node:crypto';

// What each virtual phone has installed, and its wallpaper: chosen from a digest of the phone id, so a phone looks
// the same after a restart and two phones rarely look alike.

export interface AppInfo {
  id: string;
  name: string;
  /** RGB 0-255. */
  color: [number, number, number];
}

const APP_NAMES = [
  'Messages', 'Camera', 'Gallery', 'Music', 'Maps', 'Weather', 'Notes', 'Clock', 'Mail', 'Calendar', 'Browser',
  'Files', 'Settings', 'Store', 'Video', 'Games', 'Wallet', 'Chat', 'News', 'Fitness',
];

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** 8-12 apps per phone, chosen and coloured from a digest of the phone id: stable across restarts. */
export function appsForPhone(phoneId: number): AppInfo[] {
  const bytes = createHash('sha256').update(`apps:${phoneId}`).digest();
  const count = 8 + (bytes[0]! % 5);
  const names = APP_NAMES.map((name, i) => ({ name, key: bytes[(i % 30) + 1]! * 32 + i })).sort((a, b) => a.key - b.key);
  return names.slice(0, count).map(({ name }, i) => ({
    id: name.toLowerCase(),
    name,
    color: hslToRgb((bytes[i + 1]! * 360) / 256, 0.6, 0.5),
  }));
}

export function wallpaperForPhone(phoneId: number): { top: [number, number, number]; bottom: [number, number, number] } {
  const bytes = createHash('sha256').update(`screen:${phoneId}`).digest();
  const hue = (bytes[0]! * 360) / 256;
  return { top: hslToRgb(hue, 0.55, 0.45), bottom: hslToRgb((hue + 60) % 360, 0.55, 0.3) };
}
