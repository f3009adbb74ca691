// The one place that maps React and signals-react imports onto Preact (wouter's seam-file habit).
// Used by vite.config.ts for the build and by test/unit/alias-hooks.mjs for unit tests under Node;
// tsconfig.json "paths" mirrors it for types.
export const aliases = {
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
  'react-dom/test-utils': 'preact/test-utils',
  'react-dom/client': 'preact/compat/client',
  'react-dom': 'preact/compat',
  react: 'preact/compat',
  // wouter reaches useSyncExternalStore through React's shim package; preact/compat has it built in,
  // so the shim (and its second copy of the hook) stays out of the bundle: about 3.1 KB gzip of the entry, and the
  // prerender (scripts/prerender.mjs) cannot render at all without it (docs/build-tricks.md).
  'use-sync-external-store/shim/index.js': 'preact/compat',
  // Without this, signals render as empty text under preact/compat (the React adapter needs real React).
  '@preact/signals-react': '@preact/signals',
};
