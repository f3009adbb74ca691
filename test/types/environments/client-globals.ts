/**
 * Compile-time checks of the browser's environment, under tsconfig.client.json (never executed): pages have the DOM
 * and Vite's client types, and none of Node's globals. Every line marked `@ts-expect-error` must fail to compile.
 */
export function clientGlobals(): unknown[] {
  return [
    window.innerWidth,
    document.title,
    import.meta.env.BASE_URL,
    // @ts-expect-error the browser has no process
    process.env.NODE_ENV,
    // @ts-expect-error nor Node's buffers
    Buffer.from('phone'),
  ];
}
