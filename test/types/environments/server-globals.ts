/**
 * Compile-time checks of the server's environment, under tsconfig.server.json (never executed): the server and the
 * shared leaf have Node's globals and no DOM. Every line marked `@ts-expect-error` must fail to compile, or the
 * typecheck fails with "Unused '@ts-expect-error' directive".
 */
export function serverGlobals(): unknown[] {
  return [
    process.env.PORT,
    Buffer.from('phone'),
    new URL('http://127.0.0.1/app/'),
    // @ts-expect-error the server has no window
    window.innerWidth,
    // @ts-expect-error nor a document
    document.title,
    // @ts-expect-error nor the browser's storage
    localStorage.getItem('token'),
  ];
}
