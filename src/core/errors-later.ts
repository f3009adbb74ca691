/**
 * The ways of describing a failure that only pages after the first screen use: a catalogue text a page says on a tap,
 * a refusal inside a successful reply, a call whose failure the catalogue names; and the registration of a domain's
 * own replies. Apart from errors.ts, which the first screen carries, so that it does not carry them too.
 */
import { catalogueReady, describe, describeError, findEntry, ApiError, type ErrorKey } from './errors.ts';
import { t } from './i18n/index.ts';
import type { CatalogueEntry } from './error-catalogue.ts';

/**
 * Adds a domain's entries (its errors.ts) to the one catalogue that errors.ts describes replies from, after core's
 * and once however often it is asked; resolves once they are in. Their texts are in the domain's part, so the module
 * that declares the part registers them in the same `ensure…` its pages wait for (their `ready`):
 *
 *   export const ensureShareTexts = (): Promise<void> =>
 *     Promise.all([ensureTexts(SHARE_TEXTS), registerErrors(SHARE_ERRORS)]).then(() => {});
 *
 * A domain's calls fail on its pages only, which show once both are in. The catalogue module is imported when asked
 * for, as errors.ts imports it (a private page's loader has it before `ready`): imported statically, its file would
 * join each of the domain's pages in the boot plan that index.html carries.
 */
export function registerErrors(entries: readonly CatalogueEntry[]): Promise<void> {
  return import('./error-catalogue.ts').then(({ CATALOGUE }) => {
    if (entries.length > 0 && !CATALOGUE.includes(entries[0])) CATALOGUE.push(...entries);
  });
}

/**
 * A catalogue text for something a page says on a tap (a refusal, a copy that failed): waits for the texts, which a
 * page shown before them (home) may not have yet.
 */
export async function errorText(key: ErrorKey): Promise<string> {
  await catalogueReady();
  return t(key);
}

/**
 * `describe` for a refusal inside a successful reply (a batch's per-device entry): the http client loaded the
 * catalogue only if a call failed, so this waits for it first.
 */
export async function describeEntry(code: number, message = ''): Promise<string> {
  await catalogueReady();
  return describe(code, message);
}

/**
 * For a call that has a failure message of its own in the catalogue (such as "token fetch failed", spec §8): an error
 * with a meaning of its own (a device fault, a phone not connected) is shown as itself; a generic one (network,
 * timeout, gateway, system, an unknown code: the prefixed entries) is shown as `fallback`, after the code that
 * happened.
 */
export function describeFailure(error: unknown, fallback: ErrorKey): string {
  if (!(error instanceof ApiError)) return t(fallback);
  const entry = findEntry(error.code, error.serverMessage);
  if (entry && !entry.prefixed) return describeError(error);
  return `${t('errors.prefix', { code: error.code })} ${t(fallback)}`;
}
