/**
 * The ways of describing a failure that only pages after the first screen use: a catalogue text a page says on a tap,
 * a refusal inside a successful reply, a call whose failure the catalogue names. Apart from errors.ts, which the first
 * screen carries, so that it does not carry them too.
 */
import { catalogueReady, describe, describeError, findEntry, ApiError, type ErrorKey } from './errors.ts';
import { t } from './i18n/index.ts';

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
 * For a call whose failure the catalogue names (spec §8 "token fetch failed"): an error with a meaning of its own
 * (a device fault, a phone not connected) is shown as itself; a generic one (network, timeout, gateway, system, an
 * unknown code: the prefixed entries) is shown as `fallback`, after the code that happened.
 */
export function describeFailure(error: unknown, fallback: ErrorKey): string {
  if (!(error instanceof ApiError)) return t(fallback);
  const entry = findEntry(error.code, error.serverMessage);
  if (entry && !entry.prefixed) return describeError(error);
  return `${t('errors.prefix', { code: error.code })} ${t(fallback)}`;
}
