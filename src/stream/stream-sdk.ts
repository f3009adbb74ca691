/**
 * The streaming SDK's entry, loaded on demand by the phone-view pages only (never part of the first screen).
 * To plug in a vendor's SDK, return its wrapper from createStreamClient instead; the pages only see types.ts.
 */
import { createWsStreamClient } from './ws-stream-client.ts';
import type { StreamClient } from './types.ts';

export function createStreamClient(): StreamClient {
  return createWsStreamClient();
}

export * from './types.ts';
