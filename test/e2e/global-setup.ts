/** Starts one reference server for the whole browser run; tests read its address from E2E_BASE_URL. */
import { existsSync } from 'node:fs';
import { startServer } from '../start-server.mjs';

export const SMS_FIXED_CODE = '246810';

/**
 * The whole suite speaks from 127.0.0.1, so the per-address throttles (server/lib/throttles.ts) are raised far above
 * its hundreds of logins, SMS codes, guest trials, questions and analytics sends (one browser build, so one device
 * fingerprint for all). The per-account limits stay real, with headroom on the demo account's password failures: two workers log it in at
 * once while a wrong-password test may have left a failure on it, and a check in progress counts as a failure.
 */
export const BROWSER_SUITE_LIMITS = {
  LOGIN_ACCOUNT_MAX_FAILURES: '10',
  LOGIN_ADDRESS_MAX_FAILURES: '100000',
  CODE_ADDRESS_MAX_FAILURES: '100000',
  SMS_ADDRESS_LIMIT_PER_HOUR: '100000',
  SMS_ADDRESS_GROUP_LIMIT_PER_HOUR: '100000',
  SMS_PREFIX_LIMIT_PER_HOUR: '100000',
  SMS_GLOBAL_LIMIT_PER_HOUR: '100000',
  GUEST_ADDRESS_LIMIT_PER_HOUR: '100000',
  GUEST_DEVICE_LIMIT_PER_HOUR: '100000',
  SHARE_JOIN_ADDRESS_LIMIT_PER_HOUR: '100000',
  ASSISTANT_ADDRESS_QUESTIONS_PER_MINUTE: '100000',
  ANALYTICS_ADDRESS_LIMIT_PER_MINUTE: '100000',
  ANALYTICS_ADDRESS_GROUP_LIMIT_PER_MINUTE: '100000',
};

export default async function globalSetup() {
  if (!existsSync(new URL('../../dist/index.html', import.meta.url))) {
    throw new Error('dist/ is missing: run `npm run build` first (npm test does it for you).');
  }
  const server = await startServer({ SMS_FIXED_CODE, ...BROWSER_SUITE_LIMITS });
  process.env.E2E_BASE_URL = server.baseURL;
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => {
    await server.stop();
  };
}
