import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';
import { readFileSync } from 'node:fs';
import { aliases } from './aliases.mjs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const apiPort = process.env.API_PORT ?? '8080';

export default defineConfig({
  base: '/app/',
  plugins: [preact({ reactAliasesEnabled: false })],
  resolve: {
    // Ordered most specific first: 'react/jsx-runtime' must win over 'react'.
    alias: Object.entries(aliases).map(([find, replacement]) => ({
      find: new RegExp(`^${find.replace(/[/]/g, '\\/')}$`),
      replacement,
    })),
  },
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  build: {
    // Partner webviews lag behind desktop browsers; es2019 keeps optional chaining transpiled for old Android WebViews.
    target: 'es2019',
    manifest: true,
    cssCodeSplit: true,
    sourcemap: false,
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: {
      '/api': `http://localhost:${apiPort}`,
      '/static': `http://localhost:${apiPort}`,
    },
  },
});
