import type { WebSocket } from 'ws';
import { StreamClientMessages } from '../../shared/contract/stream-messages.ts';
import type { StreamMessageRead } from '../../shared/contract/stream-messages.ts';
import type { Viewer } from './control.ts';
import { readMessages } from './socket-messages.ts';
import { isMirrored } from './sync-fanout.ts';
import type { InputSource } from './sync-fanout.ts';

// Where a phone-stream socket's messages go (API.md "Streaming"): each one read by the contract's schema
// (socket-messages.ts) is applied by its session, in order, and input that drives a sync group's main phone is
// mirrored to the group's followers (sync-fanout.ts).

/** What dispatch reads of a session (session.ts). */
export interface DispatchedSession extends InputSource, Viewer {
  handle(message: StreamMessageRead): void;
}

export interface DispatchDeps {
  /** The clock the malformed messages are counted on. */
  clock: () => number;
  /** Group control's fan-out of input `source` applied to its own phone (sync-fanout.ts). */
  mirror: (source: InputSource, message: Extract<StreamMessageRead, { type: 'touch' | 'key' | 'text' }>) => Promise<void>;
}

export function dispatchMessages(socket: WebSocket, session: DispatchedSession, deps: DispatchDeps): void {
  readMessages(socket, {
    schema: StreamClientMessages,
    clock: deps.clock,
    refused: (msg) => session.send({ type: 'error', msg }),
    handle: (message) => {
      // Whether this input drives the phone is decided before it is applied, as the session itself decides.
      const mirrored = isMirrored(message) && session.entry.control.allows(session);
      session.handle(message);
      // The fan-out logs its own failures and keeps each phone's input in order.
      if (mirrored) void deps.mirror(session, message);
    },
  });
}
