/**
 * Who this session is on the phone (the owner, or a share viewer) and whether it may drive it now: the host's word
 * on every hello, then on each change (the owner took control back, left, or changed the access). A host from
 * before roles says neither: the session then controls, as the owner. Input and the clipboard read go out only
 * while the session controls and is not view-only; only the owner takes control from the others.
 */
import type { ControlChange } from '../../shared/contract/stream-protocol.ts';
import type { ReceivedHello } from './protocol.ts';
import type { StreamEvents, StreamRole } from './types.ts';

export interface SessionControl {
  hello(message: Pick<ReceivedHello, 'role' | 'control'>): void;
  changed(control: boolean, reason: ControlChange): void;
  /** Whether input may go out in a session that is, or is not, view-only. */
  drives(viewOnly: boolean | undefined): boolean;
  isOwner(): boolean;
}

export function createSessionControl(emit: (change: StreamEvents['control']) => void): SessionControl {
  let role: StreamRole = 'owner';
  let control = true;
  return {
    hello(message) {
      role = message.role ?? 'owner';
      control = message.control ?? true;
      emit({ role, control, reason: 'hello' });
    },
    changed(next, reason) {
      control = next;
      emit({ role, control, reason });
    },
    drives: (viewOnly) => !viewOnly && control,
    isOwner: () => role === 'owner',
  };
}
