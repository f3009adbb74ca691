/** Starts one reference server for the whole browser run; tests read its address from E2E_BASE_URL. */
import { existsSync } from 'node:fs';
import { startServer } from '../start-server.mjs';

export const SMS_FIXED_CODE = '246810';

export default async function globalSetup() {
  if (!existsSync(new URL('../../dist/index.html', import.meta.url))) {
    throw new Error('dist/ is missing: run `npm run build` first (npm test does it for you).');
  }
  const server = await startServer({ SMS_FIXED_CODE });
  process.env.E2E_BASE_URL = server.baseURL;
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => {
    await server.stop();
  };
}
