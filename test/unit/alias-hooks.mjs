// Node module hooks for unit tests: the same React -> Preact aliases as the build (aliases.mjs), so tests
// run the code exactly as it ships, third-party modules such as wouter included; and stylesheets, which
// Vite turns into separate files, load as empty modules.
import { aliases } from '../../aliases.mjs';

export async function resolve(specifier, context, nextResolve) {
  return nextResolve(aliases[specifier] ?? specifier, context);
}

export async function load(url, context, nextLoad) {
  if (url.endsWith('.css')) return { format: 'module', source: '', shortCircuit: true };
  return nextLoad(url, context);
}
