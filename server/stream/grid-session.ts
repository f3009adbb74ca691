import { WebSocket } from 'ws';
import { gridTicketHolder } from '../data/grid-tickets.ts';
import type { PhoneScreen } from '../data/phone-tokens.ts';
import { phonesOfUser } from '../data/phones.ts';
import type { PhoneRow } from '../data/phones.ts';
import { openRefusal } from '../lib/phones.ts';
import type { Db } from '../lib/types.ts';
import { GRID_FPS, THUMB_HEIGHT, THUMB_WIDTH } from '../../shared/contract/grid-protocol.ts';
import type { GridServerMessage } from '../../shared/contract/grid-protocol.ts';
import { THUMB_QUALITY, thumbMessage } from './grid-protocol.ts';
import { LinkEstimate } from './link-estimate.ts';
import { describeError } from '../lib/background.ts';
import type { GridWatcher, PhoneEntry } from './phone-entry.ts';

// One live-grid socket (API.md "Live grid"): the phones it watches, each a PhoneWatch on the phone's shared
// PhoneEntry, the same screen model phone-view's sessions draw, so a tap there shows here. A watch sends the picture
// when it changed, at most GRID_FPS a second, encoded once per picture for everyone (PhoneEntry.frameAt), and only
// while the socket's acknowledgements say its link has room (link-estimate.ts), as the phone stream does: nothing
// queues, and when the link has room again the phones that waited longest send their current picture first.

export interface GridSessionDeps {
  db: Db;
  /** Clock of ticket and phone validity (the app's). */
  now: () => number;
  /** Clock of the phones' screens (when a touch dot fades). */
  clock: () => number;
  /** The phone's shared entry, made on demand (stream-server.ts). */
  entryFor: (row: PhoneScreen) => Promise<PhoneEntry>;
  /** The phone's entry right now, if it has one: a reboot or reset replaces it (stream-server.ts restartPhone). */
  currentEntry: (userPhoneId: number) => PhoneEntry | undefined;
  logError: (line: string) => void;
}

/** Who the ticket speaks for, fixed when the socket opened; the ticket itself is re-checked (recheck). */
export interface GridGrant {
  ticketHash: string;
  userId: number;
  tenantId: number;
}

const FRAME_INTERVAL_MS = 1000 / GRID_FPS;

export class GridSession {
  closed = false;
  private readonly watches = new Map<number, PhoneWatch>();
  /** The watch changes still being read from the database: each waits for the one before, so the last one wins. */
  private watching: Promise<void> = Promise.resolve();
  private readonly link = new LinkEstimate();
  private seq = 0;
  /** Watches with a picture due that the link had no room for, in the order they asked. */
  private readonly waiting = new Set<PhoneWatch>();

  constructor(
    readonly socket: WebSocket,
    readonly grant: GridGrant,
    readonly deps: GridSessionDeps,
  ) {}

  send(message: GridServerMessage): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /**
   * Replaces the watched set. Ids that are not the user's phones, or that cannot be watched now (expired, offline,
   * faulty, in maintenance, being reset, replaced or migrated: the security token's rules), are answered
   * `unavailable` and stay in the set: a phone that comes back (a reset ends) starts sending again by itself.
   */
  /** `watch`, after the changes asked for before it, its failure logged: what the socket's pace calls. */
  watchInTurn(ids: number[]): void {
    this.watching = this.watching
      .then(() => (this.closed ? undefined : this.watch(ids)))
      .catch((error: unknown) => this.deps.logError(`[grid] watch: ${describeError(error)}`));
  }

  async watch(ids: number[]): Promise<void> {
    const wanted = new Set(ids);
    for (const [id, watch] of this.watches) {
      if (wanted.has(id)) continue;
      watch.detach();
      this.watches.delete(id);
    }
    const rows = await this.rowsOf(ids);
    const refused: number[] = [];
    for (const id of ids) {
      let watch = this.watches.get(id);
      if (!watch) {
        watch = new PhoneWatch(id, this);
        this.watches.set(id, watch);
      }
      const entry = await this.entryOf(rows.get(id));
      if (entry) watch.attach(entry);
      else {
        watch.detach();
        refused.push(id);
      }
    }
    if (refused.length) this.send({ type: 'unavailable', userPhoneIds: refused });
  }

  /**
   * False once the ticket no longer holds (expired, its session revoked, the account closed): the caller closes the
   * socket. Otherwise each watched phone is looked at again: a transfer or an expiry is answered `unavailable` once,
   * a phone whose screen was replaced by a restart follows its new one.
   */
  async recheck(): Promise<boolean> {
    if (!await gridTicketHolder(this.deps.db, this.grant.ticketHash, this.deps.now())) return false;
    if (!this.watches.size) return true;
    const rows = await this.rowsOf([...this.watches.keys()]);
    const lost: number[] = [];
    for (const [id, watch] of this.watches) {
      const entry = await this.entryOf(rows.get(id));
      if (entry) watch.attach(entry);
      else if (watch.available) {
        watch.detach();
        lost.push(id);
      }
    }
    if (lost.length) this.send({ type: 'unavailable', userPhoneIds: lost });
    return true;
  }

  /** Whether one more thumbnail may go out now; if not, `watch` is woken once the link has room. */
  room(watch: PhoneWatch): boolean {
    if (this.link.canSend()) return true;
    this.waiting.add(watch);
    return false;
  }

  /** Sends a thumbnail now, numbered for its acknowledgement. */
  sendThumb(userPhoneId: number, jpeg: Buffer): void {
    const message = thumbMessage(userPhoneId, ++this.seq, jpeg);
    this.socket.send(message);
    this.link.sent(this.seq, message.length, Date.now());
  }

  acked(seq: number): void {
    if (!this.link.acked(seq, Date.now())) return;
    const woken = [...this.waiting];
    this.waiting.clear();
    for (const watch of woken) watch.schedule();
  }

  /** The one-second tick: the status-bar clock may have moved on (a picture change without input). */
  tick(): void {
    for (const watch of this.watches.values()) watch.schedule();
  }


  dispose(): void {
    this.closed = true;
    this.waiting.clear();
    for (const watch of this.watches.values()) watch.detach();
    this.watches.clear();
  }

  private async rowsOf(ids: number[]): Promise<Map<number, PhoneRow>> {
    if (!ids.length) return new Map();
    const rows = await phonesOfUser(this.deps.db, this.grant.userId, this.grant.tenantId, ids);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /**
   * The entry to watch, or null when the phone cannot be watched. No minimum validity, unlike opening a phone
   * (spec §5's 10 minutes): a picture is not a session that could be cut off mid-use, and it stops at expiry.
   */
  private async entryOf(row: PhoneRow | undefined): Promise<PhoneEntry | null> {
    if (!row || openRefusal(row, this.deps.now(), 0)) return null;
    return this.deps.currentEntry(row.id) ?? (await this.deps.entryFor(row));
  }
}

/** One watched phone of one grid socket. */
class PhoneWatch implements GridWatcher {
  private entry: PhoneEntry | null = null;
  private lastKey = '';
  private lastSentAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private wake: NodeJS.Timeout | null = null;
  /** A picture is being encoded: changes meanwhile are looked at once it is sent. */
  private encoding = false;

  constructor(
    readonly userPhoneId: number,
    private readonly session: GridSession,
  ) {}

  get available(): boolean {
    return this.entry !== null;
  }

  /** Watches `entry` (again): the first picture goes out at once, even if an earlier one showed the same. */
  attach(entry: PhoneEntry): void {
    if (entry === this.entry) return;
    this.detach();
    this.entry = entry;
    entry.gridWatchers.add(this);
    this.lastKey = '';
    this.schedule();
  }

  detach(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.wake) clearTimeout(this.wake);
    this.timer = this.wake = null;
    this.entry?.unwatch(this);
    this.entry = null;
  }

  /** Sends the picture as soon as the rate allows, if it changed by then. */
  schedule(): void {
    if (this.session.closed || !this.entry || this.timer || this.encoding) return;
    const delay = Math.max(0, this.lastSentAt + FRAME_INTERVAL_MS - Date.now());
    this.timer = setTimeout(() => void this.pump(), delay);
  }

  private async pump(): Promise<void> {
    this.timer = null;
    const entry = this.entry;
    const socket = this.session.socket;
    if (this.session.closed || !entry || socket.readyState !== WebSocket.OPEN) return;
    const frameKey = entry.model.frameKey();
    // The link is full: the next acknowledgement wakes this watch, which then sends the picture of that moment.
    if (frameKey === this.lastKey || !this.session.room(this)) return;
    this.encoding = true;
    let jpeg: Buffer;
    try {
      jpeg = await entry.frameAt(THUMB_WIDTH, THUMB_HEIGHT, THUMB_QUALITY, frameKey);
    } catch (error) {
      this.session.deps.logError(`[grid] render failed: ${(error as Error).stack ?? String(error)}`);
      return;
    } finally {
      this.encoding = false;
    }
    if (this.session.closed || socket.readyState !== WebSocket.OPEN) return;
    // Watching another entry now (a restart): try again with its picture.
    if (this.entry !== entry) {
      this.timer = setTimeout(() => void this.pump(), 0);
      return;
    }
    // Other phones filled the link while this one encoded: the next acknowledgement wakes this watch again.
    if (!this.session.room(this)) return;
    this.session.sendThumb(this.userPhoneId, jpeg);
    this.lastKey = frameKey;
    this.lastSentAt = Date.now();
    if (entry.model.frameKey() !== frameKey) this.schedule();
    // The touch dot fades without input: look again when it is due.
    const next = entry.model.nextChangeAt();
    if (next !== null) {
      if (this.wake) clearTimeout(this.wake);
      this.wake = setTimeout(() => {
        this.wake = null;
        this.schedule();
      }, next - this.session.deps.clock() + 1);
    }
  }
}
