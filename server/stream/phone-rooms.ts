import { findPhone } from '../data/phones.ts';
import type { PhoneScreen } from '../data/phone-tokens.ts';
import type { AppChange } from '../lib/phone-apps.ts';
import type { Db } from '../lib/types.ts';
import { setAbout } from './phone-about.ts';
import type { PhoneAbout } from './phone-about.ts';
import type { InstalledAppInfo } from './phone-apps.ts';
import { runningBoot } from './phone-boot.ts';
import { PhoneEntry } from './phone-entry.ts';
import { VirtualScreen } from './virtual-screen.ts';

// The rooms of the streaming service (API.md "Streaming"): one per phone anyone watches, its shared screen and the
// sockets on it (a PhoneEntry), made when the first socket, grid watch or mirrored input needs it. A reboot or reset
// discards the room, so the next socket starts from a fresh screen; the clipboard outlives a reboot, not a reset.

export interface PhoneRoomsOptions {
  db: Db;
  /** Clock for phone validity and running operations (the app's). */
  now: () => number;
  /** Clock of the phones' screens. */
  clock: () => number;
  /** The apps installed on a phone, for its home screen; none when left out. */
  installedApps?: (userPhoneId: number) => Promise<InstalledAppInfo[]>;
  /** The phone's identity, for its Settings app. */
  phoneAbout?: (userPhoneId: number) => Promise<PhoneAbout>;
}

export class PhoneRooms {
  private readonly rooms = new Map<number, PhoneEntry>();
  /** Rooms being made (what they show is read first): a second caller meanwhile waits for the same room. */
  private readonly making = new Map<number, Promise<PhoneEntry>>();
  /** Clipboards of rebooted phones until their next screen is made: a reboot keeps user data, only a reset wipes it. */
  private readonly keptClipboards = new Map<number, string>();

  constructor(private readonly options: PhoneRoomsOptions) {}

  /**
   * The phone's room, made on demand. The identity is read when a screen is made (a change reboots the phone, which
   * makes a new screen) and when a socket joins (`joined`), not here otherwise: this runs per follower on every
   * mirrored input.
   */
  async entryFor(row: PhoneScreen): Promise<PhoneEntry> {
    const entry = this.rooms.get(row.id);
    if (entry) {
      // The resolution may have been changed through the API (set-resolution) since the model was made.
      entry.model.setResolution(row.width, row.height);
      return entry;
    }
    let making = this.making.get(row.id);
    if (!making) {
      making = this.make(row).finally(() => this.making.delete(row.id));
      this.making.set(row.id, making);
    }
    return await making;
  }

  private async make(row: PhoneScreen): Promise<PhoneEntry> {
    const [apps, about, phone] = await Promise.all([
      this.options.installedApps?.(row.id) ?? [],
      this.options.phoneAbout?.(row.id) ?? null,
      findPhone(this.options.db, row.id),
    ]);
    const model = new VirtualScreen({ id: row.id, name: row.name }, this.options.clock, row, apps);
    setAbout(model, about);
    model.setClipboard(this.keptClipboards.get(row.id) ?? '');
    this.keptClipboards.delete(row.id);
    // Made while a reboot or reset runs (restart discarded the old screen): it starts up until that ends.
    const boot = runningBoot(phone, this.options.now(), this.options.clock());
    if (boot) model.startBoot(boot);
    const made = new PhoneEntry(model, this.options.clock);
    this.rooms.set(row.id, made);
    return made;
  }

  /** The room a socket joins: as entryFor, with the stored identity read again for a room that was there already. */
  async joined(row: PhoneScreen): Promise<PhoneEntry> {
    const known = this.rooms.has(row.id);
    const entry = await this.entryFor(row);
    if (known) await this.readAbout(entry.model);
    return entry;
  }

  /** The phone's room now, if it has one. */
  current(userPhoneId: number): PhoneEntry | undefined {
    return this.rooms.get(userPhoneId);
  }

  /** Every room, by phone id. */
  all(): IterableIterator<[number, PhoneEntry]> {
    return this.rooms.entries();
  }

  /** Cuts every socket of the phone, like a network failure (no close frame). Returns how many. */
  drop(userPhoneId: number): number {
    const entry = this.rooms.get(userPhoneId);
    if (!entry) return 0;
    const list = [...entry.sessions];
    for (const session of list) session.socket.terminate();
    return list.length;
  }

  /** The phone was rebooted or reset: its sockets are cut and its room discarded. Returns how many sockets were cut. */
  restart(userPhoneId: number, reset: boolean): number {
    const dropped = this.drop(userPhoneId);
    const model = this.rooms.get(userPhoneId)?.model;
    // The cut sessions still hold the old entry and release themselves from it when their close event fires.
    this.rooms.delete(userPhoneId);
    if (reset) this.keptClipboards.delete(userPhoneId);
    else if (model?.clipboard) this.keptClipboards.set(userPhoneId, model.clipboard);
    return dropped;
  }

  /** The phone's apps changed, or one was started or stopped: its screen reads them again and everyone sees it. */
  async appsChanged(userPhoneId: number, change?: AppChange): Promise<void> {
    if (!this.rooms.has(userPhoneId)) return;
    const apps = await this.options.installedApps?.(userPhoneId);
    // Read again after the wait: the room may have been discarded (a reboot) meanwhile.
    const entry = this.rooms.get(userPhoneId);
    if (!entry) return;
    const model = entry.model;
    if (apps) model.setInstalledApps(apps);
    if (change?.action === 'start') model.startApp(change.packageName);
    else if (change?.action === 'stop') model.stopApp(change.packageName);
    entry.changed();
  }

  private async readAbout(model: VirtualScreen): Promise<void> {
    setAbout(model, (await this.options.phoneAbout?.(model.phone.id)) ?? null);
  }
}
