/// <reference types="vite/client" />

/** package.json version, injected by vite.config.ts (sent as the `version` header and shown in settings). */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** Comma-separated hosts that are being retired; visitors there see the old-domain notice. */
  readonly VITE_OLD_DOMAINS?: string;
  /** Origin of the new deployment, used to build the new login address in the old-domain notice. */
  readonly VITE_NEW_DOMAIN_ORIGIN?: string;
  /** Comma-separated `host=clientNo` pairs: a branded host that implies its client number. */
  readonly VITE_HOST_CLIENTS?: string;
  /** Base URL of the streaming-SDK host (defaults to the page origin). */
  readonly VITE_STREAM_SDK_BASE?: string;
  /** Where analytics events are sent (default the reference server's `/api/analytics/collect`). */
  readonly VITE_ANALYTICS_URL?: string;
  /** Analytics events per batch, 1-30 (default 6). */
  readonly VITE_ANALYTICS_BATCH_SIZE?: string;
}
