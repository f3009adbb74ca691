import { createHash } from 'node:crypto';

// What a virtual phone has on its home screen, and its wallpaper. Every phone runs the same system image, so every
// phone has the same built-in apps in the same places (a tap mirrored by group control opens the same app on each);
// what sets phones apart is the apps installed on them and the wallpaper, chosen from a digest of the phone id so a
// phone looks the same after a restart and two phones rarely look alike.

export interface AppInfo {
  /** The key of its field text: a built-in's lower-case name, an installed app's package name. */
  id: string;
  name: string;
  /** RGB 0-255. */
  color: [number, number, number];
  /** `com.cloudphone.<id>` for the built-ins (system apps); the installed package's own name otherwise. */
  packageName: string;
  system: boolean;
  /** An installed app's PNG icon, drawn scaled into its tile; null: a coloured letter tile like the built-ins. */
  icon: Buffer | null;
}

/** An app installed on the phone (server/lib/phone-apps.ts), as the home screen shows it. */
export interface InstalledAppInfo {
  packageName: string;
  label: string;
  iconPng: Buffer | null;
}

/** The system image's apps, in home-screen order. */
const BUILT_IN_NAMES = ['Messages', 'Camera', 'Gallery', 'Browser', 'Notes', 'Mail', 'Calendar', 'Music', 'Maps', 'Settings'];

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** The built-in apps, the same on every phone; each tile's colour comes from the app's name. */
export const BUILT_IN_APPS: readonly AppInfo[] = BUILT_IN_NAMES.map((name) => {
  const bytes = createHash('sha256').update(`apps:${name}`).digest();
  return {
    id: name.toLowerCase(),
    name,
    color: hslToRgb((bytes[0]! * 360) / 256, 0.6, 0.5),
    packageName: `com.cloudphone.${name.toLowerCase()}`,
    system: true,
    icon: null,
  };
});

/** An installed app on the home screen: its letter tile's colour comes from its package name, stable like the built-ins'. */
export function installedAppInfo(app: InstalledAppInfo): AppInfo {
  const bytes = createHash('sha256').update(`app:${app.packageName}`).digest();
  return {
    id: app.packageName,
    name: app.label,
    color: hslToRgb((bytes[0]! * 360) / 256, 0.6, 0.45),
    packageName: app.packageName,
    system: false,
    icon: app.iconPng,
  };
}

/** Built-ins first, then the installed apps in the order given (when installed). */
export function homeApps(installed: readonly InstalledAppInfo[]): AppInfo[] {
  return [...BUILT_IN_APPS, ...installed.map(installedAppInfo)];
}

export function wallpaperForPhone(phoneId: number): { top: [number, number, number]; bottom: [number, number, number] } {
  const bytes = createHash('sha256').update(`screen:${phoneId}`).digest();
  const hue = (bytes[0]! * 360) / 256;
  return { top: hslToRgb(hue, 0.55, 0.45), bottom: hslToRgb((hue + 60) % 360, 0.55, 0.3) };
}
