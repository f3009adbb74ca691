import type { StreamMessageRead } from '../../shared/contract/stream-messages.ts';
import type { SyncMemberState } from '../../shared/contract/sync-words.ts';
import type { PhoneScreen } from '../data/phone-tokens.ts';
import { setSyncMemberState, syncGroupLedBy } from '../data/sync.ts';
import { syncRefusal } from '../lib/sync.ts';
import type { Db } from '../lib/types.ts';
import type { PhoneEntry } from './phone-entry.ts';
import type { VirtualScreen } from './virtual-screen.ts';

// Group control's one input fan-out (server/API.md "Group control"): input the owner gives the main-control phone of
// a sync group is applied, in the same call, to every follower's screen, so all of them change within the same
// picture tick. Touches are in device pixels of the main phone's resolution; each follower gets them scaled to its
// own, i.e. at the same relative point. A follower that cannot take input (restarting, offline, expired) is marked
// failed, and following again as soon as it takes the next input.

type Mirrored = Extract<StreamMessageRead, { type: 'touch' | 'key' | 'text' }>;

/** Follower states remembered before the memory starts over. */
const MAX_REMEMBERED = 10_000;

const MIRRORED: ReadonlySet<StreamMessageRead['type']> = new Set(['touch', 'key', 'text']);

export interface SyncFanoutDeps {
  db: Db;
  now: () => number;
  entryFor: (row: PhoneScreen) => Promise<PhoneEntry>;
  logError: (line: string) => void;
}

export interface InputSource {
  readonly phoneId: number;
  readonly grant: { userId: number };
  readonly entry: PhoneEntry;
}

export function isMirrored(message: StreamMessageRead): message is Mirrored {
  return MIRRORED.has(message.type);
}

function apply(model: VirtualScreen, message: Mirrored, from: VirtualScreen): boolean {
  switch (message.type) {
    case 'touch': {
      const pointers = message.pointers.map((p) => ({ id: p.id, x: (p.x * model.width) / from.width, y: (p.y * model.height) / from.height }));
      model.touch(message.action, pointers);
      return true;
    }
    case 'key':
      if (message.key === 'backspace') return model.deleteBackward();
      model.key(message.key);
      return true;
    case 'text':
      return model.text(message.text);
  }
}

export function createSyncFanout(deps: SyncFanoutDeps) {
  /** What was last written per follower, so the database is written on a change only, not on every finger move. */
  const written = new Map<string, SyncMemberState>();

  /** Keyed by group too: a phone in a new group starts following whatever it was in its last one. */
  async function record(groupId: number, phoneId: number, state: SyncMemberState): Promise<void> {
    const key = `${groupId}:${phoneId}`;
    if (written.get(key) === state) return;
    // Groups come and go for as long as the server runs: forgetting costs one write per follower, never a wrong state.
    if (written.size >= MAX_REMEMBERED) written.clear();
    written.set(key, state);
    await setSyncMemberState(deps.db, phoneId, state, deps.now());
  }

  /** Each main phone's input still being mirrored: the next waits for it, so followers get input in its order. */
  const queues = new Map<number, Promise<void>>();

  /**
   * Input `source` applied to its own phone (allowed to drive it): the same input to the followers, if it leads.
   * Reading the group takes a database round, and input comes faster than that: each phone's input goes in turn.
   */
  function mirror(source: InputSource, message: Mirrored): Promise<void> {
    const turn = (queues.get(source.phoneId) ?? Promise.resolve())
      .then(() => mirrorNow(source, message))
      .catch((error: unknown) => deps.logError(`[sync] input of phone ${source.phoneId}: ${String(error)}`));
    queues.set(source.phoneId, turn);
    void turn.then(() => {
      if (queues.get(source.phoneId) === turn) queues.delete(source.phoneId);
    });
    return turn;
  }

  /** Settles once the input phone `phoneId` was given so far has reached its followers (or was found to lead none). */
  async function mirrored(phoneId: number): Promise<void> {
    await queues.get(phoneId);
  }

  return { mirror, mirrored };

  async function mirrorNow(source: InputSource, message: Mirrored): Promise<void> {
    const led = await syncGroupLedBy(deps.db, source.phoneId);
    // Only the group's owner drives the group: a grantee controlling the main phone drives that phone alone.
    if (!led || led.group.user_id !== source.grant.userId) return;
    const at = deps.now();
    const states = new Map<number, SyncMemberState>();
    const taking: PhoneEntry[] = [];
    for (const follower of led.followers) {
      const entry = syncRefusal(follower, at) ? null : await deps.entryFor(follower);
      if (!entry || entry.model.booting()) states.set(follower.id, 'failed');
      else {
        states.set(follower.id, 'following');
        taking.push(entry);
      }
    }
    // Applied to every follower in one go, nothing awaited between them: they change within the same picture tick.
    for (const entry of taking) if (apply(entry.model, message, source.entry.model)) entry.changed();
    for (const [phoneId, state] of states) await record(led.group.id, phoneId, state);
  }
}
