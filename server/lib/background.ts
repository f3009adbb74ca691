/** A failure as a log line's end: its stack when it has one. */
export function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/**
 * Starts `work` where nobody can wait for it (a timer, a socket's event): a failure is logged with `what`, never left
 * as an unhandled rejection, which would end the process.
 */
export function inBackground(what: string, logError: (line: string) => void, work: () => Promise<unknown>): void {
  void work().catch((error: unknown) => logError(`${what}: ${describeError(error)}`));
}
