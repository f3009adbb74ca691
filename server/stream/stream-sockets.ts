import type { WebSocket } from 'ws';
import { holderOf } from './stream-access.ts';

// The phone-stream sockets open now, across all phones (API.md "Streaming"): what the per-user cap counts, what the
// access re-check walks, and whose viewer keys are present in a share's room.

/** What this registry reads of a session (session.ts). */
export interface OpenSocket {
  readonly socket: Pick<WebSocket, 'bufferedAmount' | 'close' | 'terminate'>;
  readonly grant: { tokenHash: string; userId: number; byViewerKey?: boolean };
}

export class StreamSockets<TSocket extends OpenSocket = OpenSocket> implements Iterable<TSocket> {
  private readonly open = new Set<TSocket>();

  /** `perHolder`: sockets one user, or one share viewer's key, may hold open at once (STREAM_SOCKETS_PER_USER). */
  constructor(private readonly perHolder: number) {}

  /** Whether the holder of `grant` holds all the sockets it may: the next is refused (stream-access.ts refuseTooMany). */
  full(grant: OpenSocket['grant']): boolean {
    const holder = holderOf(grant);
    let held = 0;
    for (const open of this.open) if (holderOf(open.grant) === holder) held++;
    return held >= this.perHolder;
  }

  add(socket: TSocket): void {
    this.open.add(socket);
  }

  delete(socket: TSocket): void {
    this.open.delete(socket);
  }

  get size(): number {
    return this.open.size;
  }

  [Symbol.iterator](): Iterator<TSocket> {
    return this.open.values();
  }

  /** The share viewer keys (digests) with a socket open now: presence enough for the room (stream-access.ts). */
  viewerKeys(): Set<string> {
    const keys = new Set<string>();
    for (const open of this.open) if (open.grant.byViewerKey) keys.add(open.grant.tokenHash);
    return keys;
  }

  /** Bytes queued for sending: in all, and on the most backed-up socket. */
  buffered(): { sockets: number; total: number; max: number } {
    let total = 0;
    let max = 0;
    for (const open of this.open) {
      const queued = open.socket.bufferedAmount;
      total += queued;
      max = Math.max(max, queued);
    }
    return { sockets: this.open.size, total, max };
  }
}
