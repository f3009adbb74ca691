/**
 * The definition (picture size, rate, bitrate, or automatic) the session wants: asked for after every hello whose
 * definition differs, so quality survives a reconnect, and replaced by each one the host confirms. The host answers
 * definition messages in order, and the client sends some that nobody waits for (the one after hello): a
 * setDefinition settles on the answer to its own message, not on the answer to an earlier one. Counted per socket.
 */
import type { StreamClientMessage } from '../../shared/contract/stream-protocol.ts';
import type { PendingRequests } from './pending-requests.ts';
import { isPositive, sameDefinition } from './protocol.ts';
import type { Definition } from './types.ts';

type DefinitionAnswer = ({ ok: true } & Definition) | { ok: false };

export interface SessionDefinitionDeps {
  send(message: StreamClientMessage): boolean;
  /** Where a setDefinition waits for its answer (under 'definition'). */
  requests: Pick<PendingRequests, 'resolve' | 'reject'>;
  /** The host confirmed a definition: the one now on. */
  confirmed(definition: Definition): void;
}

export interface SessionDefinition {
  /** A new session: the definition it wants. */
  want(definition: Definition): void;
  /** The host said hello with the definition now on (if it says): the wanted one is asked for when it differs. */
  hello(current: Definition | undefined): void;
  /** A definition message went for a setDefinition: its answer settles it. */
  awaited(): void;
  answered(answer: DefinitionAnswer): void;
  /** A new socket: nothing sent or answered on it yet. */
  reset(): void;
}

export function createSessionDefinition(deps: SessionDefinitionDeps): SessionDefinition {
  let wanted: Definition | null = null;
  let sent = 0;
  let answered = 0;
  let awaited = 0;
  return {
    want(definition) {
      wanted = definition;
    },
    hello(current) {
      if ((!current || !sameDefinition(wanted!, current)) && deps.send({ type: 'definition', ...wanted! })) sent++;
    },
    awaited() {
      awaited = ++sent;
    },
    answered(answer) {
      answered++;
      const settles = awaited > 0 && answered >= awaited;
      if (settles) awaited = 0;
      if (answer.ok && isPositive(answer.width) && isPositive(answer.height)) {
        const { width, height, fps, bitrate, auto } = answer;
        const definition = auto ? { width, height, fps, bitrate, auto } : { width, height, fps, bitrate };
        wanted = definition;
        deps.confirmed(definition);
        if (settles) deps.requests.resolve('definition', definition);
      } else if (settles) deps.requests.reject('definition');
    },
    reset() {
      sent = answered = awaited = 0;
    },
  };
}
