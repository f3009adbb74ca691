/**
 * Requests that the stream answers later (definition, clipboard, screenshot): one of each kind in flight, settled by
 * the answer, a timeout, or the connection going away. A newer request of the same kind replaces the older one,
 * which fails: the user asked for something else meanwhile.
 */
import { StreamError, type StreamRequestError } from './types.ts';

interface Pending {
  resolve: (value: never) => void;
  reject: (error: StreamError) => void;
  reason: StreamRequestError;
  timer: ReturnType<typeof setTimeout>;
}

export class PendingRequests {
  private pending = new Map<string, Pending>();

  add<T>(name: string, reason: StreamRequestError, timeoutMs: number): Promise<T> {
    this.reject(name);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => this.reject(name), timeoutMs);
      this.pending.set(name, { resolve: resolve as (value: never) => void, reject, reason, timer });
    });
  }

  resolve(name: string, value: unknown): void {
    const entry = this.take(name);
    entry?.resolve(value as never);
  }

  reject(name: string): void {
    const entry = this.take(name);
    entry?.reject(new StreamError(entry.reason));
  }

  failAll(): void {
    for (const name of [...this.pending.keys()]) this.reject(name);
  }

  private take(name: string): Pending | undefined {
    const entry = this.pending.get(name);
    if (!entry) return undefined;
    clearTimeout(entry.timer);
    this.pending.delete(name);
    return entry;
  }
}
