/**
 * A browser-like global environment (happy-dom) for tests that render or touch the DOM.
 * Import it first in such a test file; server and pure-rule tests do not need it.
 */
import { GlobalRegistrator } from '@happy-dom/global-registrator';

if (!GlobalRegistrator.isRegistered) {
  GlobalRegistrator.register({ url: 'http://localhost:8080/app/demo', width: 390, height: 844 });
}

/** Lets pending microtasks and effects settle (preact batches renders in a microtask or rAF). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}
