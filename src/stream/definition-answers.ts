/**
 * Which definition answer settles a setDefinition. The host answers definition messages in order, and the client
 * sends some that nobody waits for (the one after hello): a request settles on the answer to its own message, not on
 * the answer to an earlier one. Counted per socket.
 */
export interface DefinitionAnswers {
  /** A definition message went that no request waits for. */
  sent(): void;
  /** A definition message went for a request: its answer settles it. */
  awaited(): void;
  /** An answer came: whether it settles the waiting request. */
  answered(): boolean;
  /** A new socket: nothing sent or answered on it yet. */
  reset(): void;
}

export function createDefinitionAnswers(): DefinitionAnswers {
  let sent = 0;
  let answered = 0;
  let awaited = 0;
  return {
    sent() {
      sent++;
    },
    awaited() {
      awaited = ++sent;
    },
    answered() {
      answered++;
      const settles = awaited > 0 && answered >= awaited;
      if (settles) awaited = 0;
      return settles;
    },
    reset() {
      sent = answered = awaited = 0;
    },
  };
}
