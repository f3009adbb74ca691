/**
 * Failed calls as text (spec §8): the error type every call rejects with, and the translation of a reply (code and
 * server message) through the catalogue of error-catalogue.ts. Pages show `describeError(e)`; they never invent
 * wording of their own.
 *
 * The catalogue and its texts are a lazy part (about 4 KB the login screen would otherwise carry): the http client
 * loads them before it rejects, the loader of a signed-in page before the page shows (src/app/routes.ts; home, which
 * must not wait for them, asks itself: errors-later.ts), and boot when the first screen is idle.
 * Until then a reply is described by its code and the server's own words.
 *
 * A domain adds the codes and entries of its own replies with its texts (core/errors-later.ts, registerErrors): this
 * module still describes them, from the one catalogue.
 */
import { ErrorCode } from '../../shared/error-codes.ts';
import { ensureTexts, t, type MessageKey, type TextPart, type Translation } from './i18n/index.ts';
import type { CatalogueEntry } from './error-catalogue.ts';
import type zhCNErrors from './i18n/errors-zh-CN.ts';

declare module './i18n/index.ts' {
  interface TextParts {
    errors: { errors: Translation<typeof zhCNErrors> };
  }
}

/** A text of the catalogue: core's (`errors.*`) or a domain's, in the `errors` section of its part. */
export type ErrorKey = Extract<MessageKey, `errors.${string}` | `${string}.errors.${string}`>;

// The tables hold the texts themselves; the part puts them under `errors`.
const asErrorsPart = (module: { default: Translation<typeof zhCNErrors> }) => ({ default: { errors: module.default } });
const ERROR_TEXTS: TextPart = {
  'zh-CN': () => import('./i18n/errors-zh-CN.ts').then(asErrorsPart),
  'en-US': () => import('./i18n/errors-en-US.ts').then(asErrorsPart),
};

let catalogue: readonly CatalogueEntry[] = [];
let loading: Promise<void> | null = null;

/** Loads the catalogue and its texts in the active language once; a failed load (offline) is tried again next time. */
export function loadErrorCatalogue(): Promise<void> {
  loading ??= Promise.all([
    import('./error-catalogue.ts').then((module) => {
      catalogue = module.CATALOGUE;
    }),
    ensureTexts(ERROR_TEXTS),
  ]).then(
    () => undefined,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The catalogue, when it can be had: a failed load (offline, nothing cached) leaves replies described by their code. */
export function catalogueReady(): Promise<void> {
  return loadErrorCatalogue().catch(() => {});
}

/** Any reply the client gave up on: a business code, a transport failure, or a client-side refusal. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    /** The server's own message, kept for the log and for unknown codes. */
    readonly serverMessage = '',
    /** A throttled reply's wait (its data.retryAfterSeconds or Retry-After header), in whole seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(serverMessage || `code ${code}`);
    this.name = 'ApiError';
  }
}

export function findEntry(code: number, message = ''): CatalogueEntry | undefined {
  const byCode = catalogue.find((entry) => entry.codes?.includes(code));
  if (byCode) return byCode;
  const text = message.toLowerCase();
  if (!text) return undefined;
  return catalogue.find((entry) => entry.match?.some((fragment) => text.includes(fragment)));
}

/** Entries with a variant that says how long to wait, used when the reply gave a wait. */
const WITH_WAIT: Partial<Record<ErrorKey, ErrorKey>> = { 'errors.tooFrequent': 'errors.tooFrequentWait' };

/** Translated, user-readable text for a reply code and server message (and the wait a throttled reply asked for). */
export function describe(code: number, message = '', retryAfterSeconds?: number): string {
  const entry = findEntry(code, message);
  if (!entry) {
    // An unknown business error: the server's wording is the best we have, but say which code it was.
    if (message) return `${t('errors.prefix', { code })} ${message}`;
    return `${t('errors.prefix', { code })} ${t(code >= 500 && code < 600 ? 'errors.systemException' : 'errors.operationFailed')}`;
  }
  const waitKey = retryAfterSeconds && retryAfterSeconds > 0 ? WITH_WAIT[entry.key] : undefined;
  const text = waitKey ? t(waitKey, { seconds: Math.ceil(retryAfterSeconds!) }) : t(entry.key);
  return entry.prefixed ? `${t('errors.prefix', { code })} ${text}` : text;
}

/** Text for anything a call can throw. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return describe(error.code, error.serverMessage, error.retryAfterSeconds);
  return describe(ErrorCode.SERVER_ERROR);
}

/**
 * Spec §8 for the boot and user-info calls: a red notice with the server's own message, or the
 * translated system-exception text when it sent none, after the code that happened (an HTML 502 from a
 * proxy says 502). Client-side failures (negative codes) have no server message, so they get their catalogue text.
 */
export function describeServerMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return describe(ErrorCode.SERVER_ERROR);
  if (error.code < 0) return describe(error.code);
  if (error.serverMessage) return `${t('errors.prefix', { code: error.code })} ${error.serverMessage}`;
  return `${t('errors.prefix', { code: error.code })} ${t('errors.systemException')}`;
}
