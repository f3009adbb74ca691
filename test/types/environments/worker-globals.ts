/**
 * Compile-time checks of the service worker's environment, under tsconfig.sw.json (never executed): the worker has
 * the WebWorker globals, neither the DOM nor Node. Every line marked `@ts-expect-error` must fail to compile.
 */
export function workerGlobals(): unknown[] {
  return [
    caches.open('pages'),
    self.location.origin,
    // @ts-expect-error a worker has no document
    document.title,
    // @ts-expect-error nor Node's process
    process.env.NODE_ENV,
  ];
}
