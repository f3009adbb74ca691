/**
 * Requests that the stream answers later (definition, clipboard, screenshot): one of each kind in flight, settled by
 * the answer, a timeout, or the connection going away. A newer request of the same kind replaces the older one,
 * which fails: the user asked for something else meanwhile.
 */
import { StreamError, type StreamRequestError } from './types.ts';

export type RequestName = 'definition' | 'clipboard' | 'screenshot';

interface Pending {
  resolve: (value: never) => void;
  reject: (error: StreamError) => void;
  reason: StreamRequestError;
  timer: ReturnType<typeof setTimeout>;
}

export interface PendingRequests {
  add<T>(name: RequestName, reason: StreamRequestError, timeoutMs: number): Promise<T>;
  resolve(name: RequestName, value: unknown): void;
  reject(name: RequestName): void;
  failAll(): void;
}

export function createPendingRequests(): PendingRequests {
  const pending = new Map<RequestName, Pending>();
  const take = (name: RequestName) => {
    const entry = pending.get(name);
    if (entry) {
      clearTimeout(entry.timer);
      pending.delete(name);
    }
    return entry;
  };
  const reject = (name: RequestName) => {
    const entry = take(name);
    entry?.reject(new StreamError(entry.reason));
  };
  return {
    add<T>(name: RequestName, reason: StreamRequestError, timeoutMs: number) {
      reject(name);
      return new Promise<T>((resolve, fail) => {
        const timer = setTimeout(() => reject(name), timeoutMs);
        pending.set(name, { resolve: resolve as (value: never) => void, reject: fail, reason, timer });
      });
    },
    resolve(name, value) {
      take(name)?.resolve(value as never);
    },
    reject,
    failAll() {
      for (const name of [...pending.keys()]) reject(name);
    },
  };
}
