/**
 * The streaming-SDK host's client (spec §7 "Other"): a separate host, 5 s, code 0 returns data, anything else a
 * notice with the server's msg (or "network error, please refresh") and a rejection. Loaded only with what calls
 * that host (the live grid), never by the first screen; it shares the main client's transport (http.ts).
 */
import { ErrorCode } from '../../shared/error-codes.ts';
import { ApiError, catalogueReady } from './errors.ts';
import { transport, type Envelope, type RequestConfig } from './http.ts';
import { t } from './i18n/index.ts';

/** Base URL of the streaming-SDK host: build-time setting, else the page origin. */
export function streamSdkBaseURL(): string {
  return import.meta.env?.VITE_STREAM_SDK_BASE || transport.baseURL();
}

export interface SdkOptions {
  /**
   * Our own stream host (the live grid's ticket): the session's token goes along, renewed once on a 401 like the
   * main client's. Off by default, so a vendor's SDK host never sees it.
   */
  auth?: boolean;
  /** A background call with a fallback of its own (the live grid shows stills): it fails without a notice. */
  quiet?: boolean;
}

/** One exchange with the streaming-SDK host, with the session's token when `auth` (and one refresh on a 401). */
async function sdkExchange(config: RequestConfig, base: string, auth: boolean | undefined): Promise<Envelope> {
  const hooks = transport.hooks();
  const headers = () => {
    const token = auth ? hooks.tokens()?.accessToken : undefined;
    return token ? { ...hooks.headers(), Authorization: `Bearer ${token}` } : hooks.headers();
  };
  const token = auth ? hooks.tokens()?.accessToken : undefined;
  const reply = await transport.send(config, base, headers());
  if (!token || reply.code !== ErrorCode.UNAUTHORIZED) return reply;
  // Renewed meanwhile by another call, or now: once, as the main client does; a failed refresh logs out there.
  const renewed = hooks.tokens()?.accessToken !== token || (await transport.refreshOnce());
  return renewed ? transport.send(config, base, headers()) : reply;
}

export async function sdkRequest<T>(config: RequestConfig, base = streamSdkBaseURL(), options: SdkOptions = {}): Promise<T> {
  const hooks = transport.hooks();
  let reply: Envelope;
  try {
    reply = await sdkExchange(config, base, options.auth);
  } catch (error) {
    if (!options.quiet) {
      await catalogueReady();
      hooks.notify(t('errors.networkRefresh'));
    }
    throw error instanceof ApiError ? error : new ApiError(ErrorCode.NETWORK, String(error));
  }
  if (reply.code === ErrorCode.SUCCESS) return reply.data as T;
  if (!options.quiet) {
    await catalogueReady();
    hooks.notify(reply.msg || t('errors.networkRefresh'));
  }
  throw new ApiError(reply.code, reply.msg);
}
