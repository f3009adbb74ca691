/**
 * A tiny typed event emitter: the SDK's events (types.ts StreamEvents). A closure rather than a class: class fields
 * would pull a helper into a chunk the first screen shares.
 */
export interface Emitter<Events extends object> {
  on<K extends keyof Events>(event: K, handler: (payload: Events[K]) => void): () => void;
  emit<K extends keyof Events>(event: K, payload: Events[K]): void;
  clear(): void;
}

export function createEmitter<Events extends object>(): Emitter<Events> {
  const handlers = new Map<keyof Events, Set<(payload: never) => void>>();
  return {
    on(event, handler) {
      let set = handlers.get(event);
      if (!set) handlers.set(event, (set = new Set()));
      const entry = handler as (payload: never) => void;
      set.add(entry);
      return () => void set.delete(entry);
    },
    emit(event, payload) {
      for (const handler of [...(handlers.get(event) ?? [])]) (handler as (value: typeof payload) => void)(payload);
    },
    clear() {
      handlers.clear();
    },
  };
}
