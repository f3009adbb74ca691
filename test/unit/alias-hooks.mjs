// Node module-resolution hook: the same React -> Preact aliases as the build (aliases.mjs), so unit
// tests run the code exactly as it ships, including third-party modules such as wouter.
import { aliases } from '../../aliases.mjs';

export async function resolve(specifier, context, nextResolve) {
  return nextResolve(aliases[specifier] ?? specifier, context);
}
