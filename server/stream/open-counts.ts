// Sockets open now per holder (an address, an address group) on this instance, for the caps on how many one holder
// may keep (API.md "Network check": the caps are the database's, and this instance's own count, a part of it, refuses
// a request already over one without asking; the live grid keeps each user's sockets instead, to find a closing one,
// grid-server.ts). Counted as each socket opens and closes, never by scanning the open ones, so a check costs the same
// with ten sockets or ten thousand.

export class OpenCounts {
  private readonly counts = new Map<string, number>();

  of(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  opened(key: string): void {
    this.counts.set(key, this.of(key) + 1);
  }

  /** A key whose last socket closed is forgotten, so the map holds only keys with sockets open. */
  closed(key: string): void {
    const left = this.of(key) - 1;
    if (left > 0) this.counts.set(key, left);
    else this.counts.delete(key);
  }
}
