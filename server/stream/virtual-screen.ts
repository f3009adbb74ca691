import { RESOLUTIONS } from '../../shared/contract/device-words.ts';
import { MAX_CLIPBOARD_CHARS, type NavKey, type TouchAction, type TouchPointer } from '../../shared/contract/stream-protocol.ts';
import { homeApps, wallpaperForPhone, type AppInfo, type InstalledAppInfo } from './phone-apps.ts';
import type { PhoneAbout } from './phone-about.ts';
import { bootStep, nextBootChange, type PhoneBoot } from './phone-boot.ts';
import {
  APP_FIELD,
  COPY_BUTTON,
  HOME_FIELD,
  HOME_PAGE_ICONS,
  LAYOUT_HEIGHT,
  LAYOUT_WIDTH,
  MAX_RECENT_CARDS,
  NAV_BUTTONS,
  PAGE_DOTS,
  PASTE_BUTTON,
  RIPPLE_MS,
  STATUS_BAR,
  TITLE_BACK,
  iconRect,
  inside,
  phoneClock,
  recentCardRect,
} from './phone-layout.ts';
import type { Rect } from './phone-layout.ts';

// The live screen of one virtual phone (API.md "Streaming"): a pure model, no I/O. Everything is laid out in the
// 720x1280 layout space of phone-layout.ts; touches arrive in device pixels of the phone's current resolution and are
// scaled into it.

/** A down+up within this distance (layout units) and time is a tap. */
export const TAP_SLOP = 24;
export const TAP_MS = 500;
/** Bounds so one client cannot grow the model without limit. */
export const MAX_FIELD_CHARS = 2000;
export type Screen = { kind: 'home' } | { kind: 'app'; app: number } | { kind: 'recents' };

export interface PhoneIdentity {
  id: number;
  name: string;
}

/**
 * What a picture shows, as far as pictures can differ: the model's version, the status-bar clock, where the touch
 * dot shows (null: nowhere), and the boot step while starting. Equal keys draw equal pixels.
 */
export interface FrameState {
  key: string;
  version: number;
  clock: string;
  dot: { x: number; y: number } | null;
  boot: string | null;
}

const sameDot = (a: FrameState['dot'], b: FrameState['dot']) => a === b || (a !== null && b !== null && a.x === b.x && a.y === b.y);

/** How many changes the model remembers the regions of: a socket further behind gets a whole picture. */
const DAMAGE_LOG = 64;
/** The touch dot's radius (draw-screen.ts) and a margin for its anti-aliased edge. */
const RIPPLE_REACH = 34;

function rippleRect(ripple: { x: number; y: number }): Rect {
  return { x: ripple.x - RIPPLE_REACH, y: ripple.y - RIPPLE_REACH, w: RIPPLE_REACH * 2, h: RIPPLE_REACH * 2 };
}

interface Gesture {
  startX: number;
  startY: number;
  startAt: number;
  multi: boolean;
  moved: boolean;
}

export class VirtualScreen {
  readonly phone: PhoneIdentity;
  /** Built-ins, then installed apps (setInstalledApps); home pages of HOME_PAGE_ICONS. */
  apps: AppInfo[];
  homePage = 0;
  readonly wallpaper: ReturnType<typeof wallpaperForPhone>;
  width = 720;
  height = 1280;
  screen: Screen = { kind: 'home' };
  /** Opened apps, most recent first. */
  recents: number[] = [];
  /** The text of each field: 'home' (the search box) or an app id. */
  readonly fields = new Map<string, string>();
  clipboard = '';
  /** Last touch in layout units, for the feedback dot. */
  ripple: { x: number; y: number; at: number } | null = null;
  /** Bumped on every change of what is drawn (except the clock and the ripple fading, see frameKey). */
  version = 0;
  /** The phone's identity, which the Settings app shows (phone-about.ts setAbout); null: not known, it shows cards. */
  about: PhoneAbout | null = null;
  /** Set while the phone starts after a restart or reset (phone-boot.ts); it shows the boot screen until then. */
  boot: PhoneBoot | null = null;
  private gesture: Gesture | null = null;
  /** The regions each recent version changed (null: the whole screen), oldest first, versions consecutive. */
  private damage: Array<{ version: number; rects: Rect[] | null }> = [];

  constructor(
    phone: PhoneIdentity,
    private readonly now: () => number,
    resolution?: { width: number; height: number },
    installed: readonly InstalledAppInfo[] = [],
  ) {
    this.phone = phone;
    this.apps = homeApps(installed);
    this.wallpaper = wallpaperForPhone(phone.id);
    if (resolution) this.setResolution(resolution.width, resolution.height);
  }

  /** A change of what is drawn, within `rects` (layout units), or anywhere (null); also phone-about.ts's. */
  changed(rects: Rect[] | null): void {
    this.version++;
    this.damage.push({ version: this.version, rects });
    if (this.damage.length > DAMAGE_LOG) this.damage.shift();
  }

  /** Shows the boot screen until `boot.until` (the operation's end); the phone takes input again after it. */
  startBoot(boot: PhoneBoot): void {
    this.boot = boot;
    this.ripple = null;
    this.gesture = null;
  }

  /** The boot in progress, or null once the phone is up. */
  booting(): PhoneBoot | null {
    if (this.boot && this.now() >= this.boot.until) this.boot = null;
    return this.boot;
  }

  /** Identifies what a frame would show at this moment: equal keys draw equal pixels. */
  frameKey(): string {
    return this.frameState().key;
  }

  frameState(): FrameState {
    const now = this.now();
    const boot = this.booting();
    const clock = phoneClock(now);
    if (boot) {
      const step = `${boot.kind}|${bootStep(boot, now)}`;
      return { key: `boot|${step}`, version: this.version, clock, dot: null, boot: step };
    }
    const dot = this.ripple && this.rippleVisible() ? { x: this.ripple.x, y: this.ripple.y } : null;
    return { key: `${this.version}|${clock}|${dot ? `${dot.x},${dot.y}` : '-'}`, version: this.version, clock, dot, boot: null };
  }

  /**
   * The regions (layout units) that differ between a picture of `from` and one of the model now, or null when that
   * is not known to be less than everything (a boot screen, a change older than the log remembers).
   */
  damageSince(from: FrameState): Rect[] | null {
    const to = this.frameState();
    if (from.key === to.key) return [];
    if (from.boot !== null || to.boot !== null || from.version > to.version) return null;
    const rects: Rect[] = [];
    if (to.version > from.version) {
      const first = this.damage.findIndex((d) => d.version === from.version + 1);
      if (first < 0) return null;
      for (const change of this.damage.slice(first)) {
        if (!change.rects) return null;
        rects.push(...change.rects);
      }
    }
    if (from.clock !== to.clock) rects.push(STATUS_BAR);
    // Touches log no regions: only the dot the old picture shows and the one the new picture shows differ, wherever
    // the finger went between them (a socket that skipped pictures of a drag gets two spots, not the whole path).
    if (!sameDot(from.dot, to.dot)) {
      if (from.dot) rects.push(rippleRect(from.dot));
      if (to.dot) rects.push(rippleRect(to.dot));
    }
    return rects;
  }

  /** When the picture changes next without input (the ripple fading), or null. */
  nextChangeAt(): number | null {
    const boot = this.booting();
    if (boot) return nextBootChange(boot, this.now());
    if (!this.ripple) return null;
    const end = this.ripple.at + RIPPLE_MS;
    return end > this.now() ? end : null;
  }

  rippleVisible(): boolean {
    return this.ripple !== null && this.now() - this.ripple.at < RIPPLE_MS;
  }

  setResolution(width: number, height: number): boolean {
    if (!RESOLUTIONS.some((r) => r.width === width && r.height === height)) return false;
    if (width !== this.width || height !== this.height) {
      this.width = width;
      this.height = height;
      this.gesture = null;
      this.changed(null);
    }
    return true;
  }

  /** Device pixels -> layout units. */
  toLayout(x: number, y: number): { x: number; y: number } {
    return { x: (x * LAYOUT_WIDTH) / this.width, y: (y * LAYOUT_HEIGHT) / this.height };
  }

  /** Layout units -> device pixels (the centre of a rect, for tests and clients). */
  toDevice(r: Rect): { x: number; y: number } {
    return { x: Math.round(((r.x + r.w / 2) * this.width) / LAYOUT_WIDTH), y: Math.round(((r.y + r.h / 2) * this.height) / LAYOUT_HEIGHT) };
  }

  /** The field typed text goes to: the open app's, or the home search box (recents has none). */
  focusedField(): string | null {
    if (this.screen.kind === 'app') return this.apps[this.screen.app]!.id;
    if (this.screen.kind === 'home') return 'home';
    return null;
  }

  /** Where the focused field is drawn (only the home screen and apps have one). */
  private fieldRect(): Rect {
    return this.screen.kind === 'home' ? HOME_FIELD : APP_FIELD;
  }

  fieldText(field: string): string {
    return this.fields.get(field) ?? '';
  }

  /** `cancel`: the client's system took the touch away; the gesture ends without a tap. */
  touch(action: TouchAction, pointers: TouchPointer[]): void {
    const first = pointers[0];
    // A starting phone has no screen to touch yet: no dot, no gesture.
    if (!first || this.booting()) return;
    const p = this.toLayout(first.x, first.y);
    const now = this.now();
    this.ripple = { x: p.x, y: p.y, at: now };
    // The dot's spots are worked out from the frame states (damageSince), not logged.
    this.changed([]);
    if (action === 'down') {
      if (this.gesture) this.gesture.multi = true;
      else this.gesture = { startX: p.x, startY: p.y, startAt: now, multi: pointers.length > 1, moved: false };
      return;
    }
    const gesture = this.gesture;
    if (!gesture) return;
    if (action === 'cancel') {
      this.gesture = null;
      return;
    }
    if (pointers.length > 1) gesture.multi = true;
    if (Math.hypot(p.x - gesture.startX, p.y - gesture.startY) > TAP_SLOP) gesture.moved = true;
    if (action === 'up') {
      this.gesture = null;
      if (!gesture.multi && !gesture.moved && now - gesture.startAt <= TAP_MS) this.tap(p.x, p.y);
      const [dx, dy] = [p.x - gesture.startX, p.y - gesture.startY];
      // A sideways swipe on the home screen turns its page, as on a phone.
      if (!gesture.multi && this.screen.kind === 'home' && Math.abs(dx) > 120 && Math.abs(dx) > Math.abs(dy)) this.turnPage(dx < 0 ? 1 : -1);
    }
  }

  /** A tap at layout coordinates. */
  tap(x: number, y: number): void {
    for (const key of Object.keys(NAV_BUTTONS) as NavKey[]) {
      if (inside(NAV_BUTTONS[key], x, y)) return this.key(key);
    }
    const screen = this.screen;
    if (screen.kind === 'home') {
      const first = this.homePage * HOME_PAGE_ICONS;
      const slot = this.apps.slice(first, first + HOME_PAGE_ICONS).findIndex((_, i) => inside(iconRect(i), x, y));
      if (slot >= 0) this.openApp(first + slot);
      else if (inside(PAGE_DOTS, x, y)) this.turnPage(1);
    } else if (screen.kind === 'app') {
      if (inside(TITLE_BACK, x, y)) this.key('back');
      else if (inside(PASTE_BUTTON, x, y)) this.paste();
      else if (inside(COPY_BUTTON, x, y)) this.copy();
    } else {
      const index = this.recents.slice(0, MAX_RECENT_CARDS).findIndex((_, i) => inside(recentCardRect(i), x, y));
      if (index >= 0) this.openApp(this.recents[index]!);
    }
  }

  openApp(index: number): void {
    if (index < 0 || index >= this.apps.length) return;
    this.screen = { kind: 'app', app: index };
    this.recents = [index, ...this.recents.filter((i) => i !== index)];
    this.changed(null);
  }

  homePages(): number {
    return Math.max(1, Math.ceil(this.apps.length / HOME_PAGE_ICONS));
  }

  /** The next (1) or previous (-1) home page, going round; one page does not turn. */
  turnPage(step: number): void {
    const pages = this.homePages();
    if (pages < 2) return;
    this.homePage = (this.homePage + step + pages) % pages;
    this.changed(null);
  }

  /**
   * The installed apps changed (server/lib/phone-apps.ts): the open app and the recents follow their apps to their new
   * places; a removed app closes (back home), leaves the recents and loses its typed text.
   */
  setInstalledApps(installed: readonly InstalledAppInfo[]): void {
    const before = this.apps;
    this.apps = homeApps(installed);
    const placeOf = new Map(this.apps.map((app, i) => [app.packageName, i]));
    const moved = (i: number) => placeOf.get(before[i]!.packageName);
    for (const app of before) if (!placeOf.has(app.packageName)) this.fields.delete(app.id);
    this.recents = this.recents.map(moved).filter((i): i is number => i !== undefined);
    const open = this.screen.kind === 'app' ? moved(this.screen.app) : undefined;
    if (this.screen.kind === 'app') this.screen = open === undefined ? { kind: 'home' } : { kind: 'app', app: open };
    this.homePage = Math.min(this.homePage, this.homePages() - 1);
    this.changed(null);
  }

  /** Opens the app of that package (an API start); false when the phone has no such app. */
  startApp(packageName: string): boolean {
    const index = this.apps.findIndex((app) => app.packageName === packageName);
    if (index >= 0) this.openApp(index);
    return index >= 0;
  }

  /** Closes it (an API stop): back home if it is in front, and out of the recents. */
  stopApp(packageName: string): boolean {
    const index = this.apps.findIndex((app) => app.packageName === packageName);
    if (index < 0) return false;
    if (this.screen.kind === 'app' && this.screen.app === index) this.screen = { kind: 'home' };
    this.recents = this.recents.filter((i) => i !== index);
    this.changed(null);
    return true;
  }

  key(key: NavKey): void {
    if (this.booting()) return;
    if (key === 'recents') this.screen = { kind: 'recents' };
    else this.screen = { kind: 'home' }; // back from an app or recents lands home; home stays home
    if (key === 'home') this.homePage = 0;
    this.changed(null);
  }

  /** Appends to the focused field (any Unicode, Chinese included); false when nothing has focus. */
  text(text: string): boolean {
    if (this.booting()) return false;
    const field = this.focusedField();
    if (field === null || text === '') return field !== null;
    const next = Array.from(this.fieldText(field) + text);
    this.fields.set(field, next.slice(Math.max(0, next.length - MAX_FIELD_CHARS)).join(''));
    this.changed([this.fieldRect()]);
    return true;
  }

  /** Deletes the last code point (a whole emoji or CJK character, never half a surrogate pair) of the focused field. */
  deleteBackward(): boolean {
    if (this.booting()) return false;
    const field = this.focusedField();
    if (field === null) return false;
    const chars = Array.from(this.fieldText(field));
    if (chars.length === 0) return false;
    this.fields.set(field, chars.slice(0, -1).join(''));
    this.changed([this.fieldRect()]);
    return true;
  }

  /** Copies the focused field to the clipboard. The clipboard is not drawn, so the picture (version) stays. */
  copy(): void {
    const field = this.focusedField();
    if (field !== null) this.setClipboard(this.fieldText(field));
  }

  setClipboard(text: string): void {
    this.clipboard = Array.from(text).slice(0, MAX_CLIPBOARD_CHARS).join('');
  }

  getClipboard(): string {
    return this.clipboard;
  }

  paste(): boolean {
    return this.text(this.clipboard);
  }
}
