/**
 * What a stream socket's close code says (server/API.md "Streaming"): a refusal a reconnect cannot mend, named as a
 * failure, or nothing, for a drop the client reconnects after.
 */
import {
  CLOSE_NOT_ASSIGNED,
  CLOSE_SHARE_BLOCKED,
  CLOSE_SHARE_ENDED,
  CLOSE_SHARE_REMOVED,
  CLOSE_TOO_MANY_SOCKETS,
} from '../../shared/contract/stream-protocol.ts';
import type { StreamFailure } from './types.ts';

const CLOSE_FAILURES: ReadonlyMap<number, StreamFailure> = new Map([
  [CLOSE_NOT_ASSIGNED, 'notAssigned'],
  [CLOSE_SHARE_ENDED, 'shareEnded'],
  [CLOSE_SHARE_BLOCKED, 'shareBlocked'],
  [CLOSE_SHARE_REMOVED, 'shareRemoved'],
  [CLOSE_TOO_MANY_SOCKETS, 'tooManyStreams'],
]);

/** The failure a close code names, or null for a connection that was simply lost. */
export function closeFailure(code: number): StreamFailure | null {
  return CLOSE_FAILURES.get(code) ?? null;
}
