/**
 * "The session ended" as an event anything may listen to: the account domain raises it when it drops the session
 * (logout, a failed refresh, a client switch); the query store and the lazily loaded domains forget the previous
 * account's data on it. It lives in core so that core's store can listen without depending on a domain.
 */
const listeners = new Set<() => void>();

export function onSessionCleared(listener: () => void): void {
  listeners.add(listener);
}

export function sessionCleared(): void {
  listeners.forEach((listener) => listener());
}
