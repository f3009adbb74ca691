/**
 * The API clients (spec §7, §8). The ONLY file that imports redaxios.
 * - Main client: page origin, JSON, 5 s timeout, array query values repeated, the identity headers,
 *   envelope {code, msg, data} unwrapped to data; one token refresh on 401 while other requests wait;
 *   logout on a failed refresh or a 400 about a missing tenant; identical in-flight requests refused; a throttled
 *   reply's wait (data.retryAfterSeconds, else Retry-After) travels on the ApiError.
 * - Streaming-SDK client (sdk-http.ts, loaded only by what calls that host): a separate host, 5 s, code 0 -> data, else a notice.
 * Session state is not imported here (it imports us); it plugs in through configureHttp().
 */
import redaxios, { type Options } from 'redaxios';
import type { Endpoint, ReplyOf, RequestOf } from '../../shared/contract/endpoint.ts';
import type { Routes } from '../../shared/contract/index.ts';
import { ErrorCode, MISSING_TENANT_MESSAGE } from '../../shared/error-codes.ts';
import { ApiError, catalogueReady } from './errors.ts';

export const REQUEST_TIMEOUT_MS = 5000;
export const REFRESH_PATH = '/api/merchant/auth/refresh-token';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** An envelope as read off the wire, with the wait a throttled reply asked for. */
interface Reply extends Envelope {
  retryAfterSeconds?: number;
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

export interface HttpHooks {
  /** Current token pair, or null when logged out. */
  tokens(): Tokens | null;
  /** The pair as stored right now, which another tab may have just replaced (memory follows it only later). */
  storedTokens?(): Tokens | null;
  /** Identity headers other than Authorization: tenant-id, client-id, fingerprint-id, version, language. */
  headers(): Record<string, string>;
  /** A refresh succeeded: keep the new pair. */
  saveTokens(tokens: Tokens): void;
  /** The session is over (refresh failed, missing tenant): clear it and go to login. */
  logout(): void;
  /** The server says the guest trial is over: tell the user, then as logout. */
  trialEnded(): void;
  /** Shows a notice (the streaming-SDK client reports its errors itself). */
  notify(text: string): void;
  /** Base URL of the API; defaults to the page origin. */
  baseURL?: string;
  /** Test seam and the place to swap transport. */
  fetch?: typeof fetch;
  /** Defaults to the spec's 5 s; tests shorten it. */
  timeoutMs?: number;
}

let hooks: HttpHooks = {
  tokens: () => null,
  headers: () => ({}),
  saveTokens: () => {},
  logout: () => {},
  trialEnded: () => {},
  notify: () => {},
};

/** Plugs the session in; returns the hooks it replaced (a test puts them back). */
export function configureHttp(next: Partial<HttpHooks>): HttpHooks {
  const previous = hooks;
  hooks = { ...hooks, ...next };
  return previous;
}

export type Method = 'get' | 'post' | 'put' | 'delete';

export interface RequestConfig {
  method: Method;
  url: string;
  params?: Record<string, unknown>;
  data?: unknown;
  /** Calls like polling may legitimately repeat while one is in flight. */
  allowDuplicate?: boolean;
  /**
   * Sent before the tenant is known (boot asks for the client's details alongside its secure data): a backend that
   * answers "missing tenant" is only saying it needs the headers, not that the session is over.
   */
  beforeTenant?: boolean;
}

/** `a=1&a=2` for arrays (spec §7), skipping undefined and null. */
export function serializeParams(params: Record<string, unknown> = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value == null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item != null) query.append(key, String(item));
    }
  }
  return query.toString();
}

function baseURL(): string {
  return hooks.baseURL ?? (typeof location !== 'undefined' ? location.origin : '');
}

/**
 * A wait in whole seconds, or undefined: from `data.retryAfterSeconds` (our server) or a Retry-After header in
 * seconds (the form rate limiters send; an HTTP date there is read as no wait given).
 */
function seconds(value: unknown): number | undefined {
  const wait = Number(value);
  return wait > 0 && wait < Infinity ? Math.ceil(wait) : undefined;
}

/**
 * Sends one request and reads the envelope; a non-envelope reply (an HTML error page from a proxy, an empty 502)
 * becomes one with its real HTTP status as the code, so the "Error code" the user sees is the one that happened.
 * The timeout covers the whole exchange, body included, and maps to TIMEOUT; any other transport failure to NETWORK.
 */
async function send(config: RequestConfig, base: string, headers: Record<string, string>): Promise<Reply> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), hooks.timeoutMs ?? REQUEST_TIMEOUT_MS);
  try {
    const response = await redaxios<unknown>({
      url: config.url,
      method: config.method,
      baseURL: base,
      headers,
      params: config.params,
      paramsSerializer: (params) => serializeParams(params as Record<string, unknown>),
      data: config.data,
      fetch: (input, init) => (hooks.fetch ?? fetch)(input, { ...init, signal: controller.signal }),
      // Statuses are judged here, from the envelope first: a backend may send 401 either as HTTP or in the body.
      validateStatus: () => true,
    } satisfies Options);
    const body = Object(response.data) as Partial<Envelope>;
    const retryAfterSeconds =
      seconds(Object(body.data).retryAfterSeconds) ?? seconds(response.headers.get('retry-after'));
    // `{code: null}` or a gateway's own JSON is not an envelope: only a numeric code makes one.
    if (typeof body.code === 'number') return { ...(body as Envelope), retryAfterSeconds };
    if (response.status >= 200 && response.status < 300) return { code: ErrorCode.SUCCESS, msg: '', data: response.data };
    return { code: response.status, msg: '', data: null, retryAfterSeconds };
  } catch (error) {
    throw new ApiError(controller.signal.aborted ? ErrorCode.TIMEOUT : ErrorCode.NETWORK, String(error));
  } finally {
    clearTimeout(timer);
  }
}

/** One exchange with the main API, no session logic. */
function exchange(config: RequestConfig, token: string | undefined): Promise<Reply> {
  const headers: Record<string, string> = { ...hooks.headers() };
  if (token) headers.Authorization = `Bearer ${token}`;
  return send(config, baseURL(), headers);
}

let uniqueKeys = 0;

/**
 * What makes two in-flight requests "identical", the second being refused unless the call allows duplicates (spec §5):
 * method, URL, query and body; a file body is never compared, so each upload is its own.
 */
function requestKey(config: RequestConfig): string {
  const data = config.data;
  if (typeof FormData !== 'undefined' && data instanceof FormData) return `unique ${uniqueKeys++}`;
  if (typeof Blob !== 'undefined' && data instanceof Blob) return `unique ${uniqueKeys++}`;
  return `${config.method} ${config.url} ${serializeParams(config.params)} ${JSON.stringify(data ?? null)}`;
}

const inFlight = new Set<string>();
let refreshing: Promise<boolean> | null = null;

/**
 * Exactly one refresh at a time; everyone who hit 401 meanwhile awaits the same promise.
 * A failed refresh logs out once, here, not once per waiting request. The refresh itself (token-refresh.ts) loads
 * when first needed: a login screen has no token to renew, and a signed-in page fetches it ahead (`prefetchRefresh`).
 */
function refreshOnce(): Promise<boolean> {
  const spend = (refreshToken: string) => exchange({ method: 'post', url: REFRESH_PATH, data: { refreshToken } }, undefined);
  refreshing ??= import('./token-refresh.ts')
    .then(({ renewTokens }) => renewTokens(hooks, spend))
    // The module could not load (the network is gone): as a refresh that failed on the network.
    .catch(() => false)
    .then((renewed) => {
      if (!renewed) hooks.logout();
      return renewed;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Loads the refresh ahead of the first 401, where a session may need it (a signed-in page). */
export function prefetchRefresh(): void {
  void import('./token-refresh.ts').catch(() => {});
}

/**
 * Wordings of "the tenant identifier was not sent" (ours, the common Chinese backend text, usual English phrasings);
 * a 400 about anything else to do with the tenant (disabled, expired, its package) is an error, not a logout.
 */
const MISSING_TENANT_WORDING = /missing.*tenant|tenant.*(missing|not (been )?(sent|passed|provided))|租户.*(未传递|缺失|为空)|缺少.*租户/i;

/** Spec §8: a 400 whose message is about a missing tenant identifier means this session cannot go on. */
export function isMissingTenant(reply: Pick<Envelope, 'code' | 'msg'>): boolean {
  return reply.code === ErrorCode.BAD_REQUEST && (reply.msg === MISSING_TENANT_MESSAGE || MISSING_TENANT_WORDING.test(reply.msg ?? ''));
}

/** Main-client request: resolves to `data` when code is 0, rejects with ApiError otherwise. */
export async function request<T>(config: RequestConfig): Promise<T> {
  try {
    return await exchangeWithSession<T>(config);
  } catch (error) {
    // The caller is about to describe this failure: have the catalogue and its texts in place first.
    await catalogueReady();
    throw error;
  }
}

/** One request with the session rules: duplicates refused, one refresh on 401, logout when the session is gone. */
async function exchangeWithSession<T>(config: RequestConfig): Promise<T> {
  const key = requestKey(config);
  if (!config.allowDuplicate && inFlight.has(key)) {
    throw new ApiError(ErrorCode.DUPLICATE_REQUEST, 'Please do not resubmit');
  }
  inFlight.add(key);
  try {
    // A request started during a refresh waits for it rather than spending a stale token.
    if (refreshing) await refreshing;
    let token = hooks.tokens()?.accessToken;
    let reply = await exchange(config, token);
    if (reply.code === ErrorCode.UNAUTHORIZED && token) {
      // Someone already refreshed since we sent: retry with the new token. The session is already gone
      // (a failed refresh logged out, or another tab did): reject without refreshing or logging out again.
      const current = hooks.tokens()?.accessToken;
      const renewed = current ? current !== token || (await refreshOnce()) : false;
      if (!renewed) throw new ApiError(ErrorCode.UNAUTHORIZED, reply.msg);
      token = hooks.tokens()?.accessToken;
      reply = await exchange(config, token);
      if (reply.code === ErrorCode.UNAUTHORIZED) hooks.logout();
    }
    if (isMissingTenant(reply) && !config.beforeTenant) hooks.logout();
    if (reply.code === ErrorCode.TRIAL_ENDED) hooks.trialEnded();
    if (reply.code !== ErrorCode.SUCCESS) throw new ApiError(reply.code, reply.msg, reply.retryAfterSeconds);
    return reply.data as T;
  } finally {
    inFlight.delete(key);
  }
}

export const http = {
  get: <T>(url: string, params?: Record<string, unknown>, extra?: Partial<RequestConfig>) =>
    request<T>({ method: 'get', url, params, ...extra }),
  post: <T>(url: string, data?: unknown, extra?: Partial<RequestConfig>) =>
    request<T>({ method: 'post', url, data, ...extra }),
  put: <T>(url: string, data?: unknown, extra?: Partial<RequestConfig>) =>
    request<T>({ method: 'put', url, data, ...extra }),
  delete: <T>(url: string, params?: Record<string, unknown>, extra?: Partial<RequestConfig>) =>
    request<T>({ method: 'delete', url, params, ...extra }),
};

/**
 * What the streaming-SDK client (sdk-http.ts) shares with the main one: the transport, the hooks and the single
 * refresh. That client lives in its own module so the first screen, which never calls the SDK host, does not carry it.
 */
export const transport = {
  send,
  refreshOnce,
  baseURL,
  hooks: (): HttpHooks => hooks,
};

/** Options of one call beside its input: duplicates allowed (polling), sent before the tenant is known. */
export type CallOptions = Pick<RequestConfig, 'allowDuplicate' | 'beforeTenant'>;

type CallArgs<E extends Endpoint> = {} extends RequestOf<E> ? [input?: RequestOf<E>, options?: CallOptions] : [input: RequestOf<E>, options?: CallOptions];

/**
 * One call of the contract (shared/contract/) by its route string, `'PUT /api/device/user/phone/rename'`: the input and
 * the reply take their types from the endpoint's schemas, and a route the contract does not hold fails the typecheck.
 * Only the types come from the contract, so no schema code reaches the browser.
 */
export function api<R extends keyof Routes>(route: R, ...[input, options]: CallArgs<Routes[R]>): Promise<ReplyOf<Routes[R]>> {
  const [method, url] = (route as string).split(' ') as [string, string];
  const params = (input?.query ?? undefined) as Record<string, unknown> | undefined;
  return request({ method: method.toLowerCase() as Method, url, params, data: input?.body, ...options });
}
