import { createHmac, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import * as contract from '../../shared/contract/devices.ts';
import { ErrorCode } from '../../shared/error-codes.ts';
import { findPhoneOfOpenAccount } from '../data/phones.ts';
import { requireAuth, requireTenant } from '../lib/auth.ts';
import { fail } from '../lib/envelope.ts';
import { apiError } from '../lib/errors.ts';
import { batchFailure, batchSuccess, businessStatus, currentOperation, faultRefusal, loadOwnedPhones } from '../lib/phones.ts';
import { contractRoute } from '../lib/contract-route.ts';
import { renderScreenshotSvg } from '../lib/screenshot-svg.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// Screenshots (API.md "Screenshot url"). An <img> cannot send the bearer token, so the POST hands out links signed
// with HMAC-SHA256 that the image route checks instead; the key is one of the server's secrets (lib/secrets.ts), so
// links survive a restart.

/** How long a signed screenshot link works: 10 minutes from the POST that made it. */
export const SCREENSHOT_LINK_TTL_MS = 10 * 60 * 1000;

export function phoneScreenshotRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const tenant = requireTenant(deps);
  const auth = requireAuth(deps);
  const secret = deps.secrets.screenshotLinkKey;

  // The owner is signed too: a link stops working if the phone ever changes hands (transfer).
  const sign = (phoneId: number, userId: number, expires: number) =>
    createHmac('sha256', secret).update(`${phoneId}:${userId}:${expires}`).digest();

  contractRoute(routes, deps, contract.screenshotPhones, [tenant, auth], async (c, { body }) => {
    const user = c.get('user');
    const now = deps.now();
    const expires = now + SCREENSHOT_LINK_TTL_MS;
    const phones = await loadOwnedPhones(db, user, body.userPhoneIds);
    return phones.map((phone) => {
      // An operating phone can be shot (its screen shows the progress); one that is not running cannot.
      const status = businessStatus(phone, now);
      if (status === 'expired') return batchFailure(phone.id, ErrorCode.DEVICE_EXPIRED);
      const fault = faultRefusal(phone, 'screenshot');
      if (fault) return batchFailure(phone.id, fault);
      if (status === 'maintenance') return batchFailure(phone.id, ErrorCode.DEVICE_MAINTENANCE);
      if (status === 'offline') return batchFailure(phone.id, ErrorCode.DEVICE_OFFLINE);
      const sig = sign(phone.id, user.id, expires).toString('hex');
      return batchSuccess(phone.id, { url: `/api/device/screenshot/${phone.id}.svg?expires=${expires}&sig=${sig}` });
    });
  });

  // No tenant or token: the signature is the credential. A missing phone gets the same 403 as a bad signature, so
  // the route does not tell strangers which ids exist; so does a phone whose owner has closed the account since.
  routes.get('/api/device/screenshot/:file', async (c) => {
    const match = c.req.param('file').match(/^(\d{1,15})\.svg$/);
    if (!match) return fail(c, apiError(ErrorCode.NOT_FOUND), 404);
    const expiresText = c.req.query('expires') ?? '';
    const sigText = c.req.query('sig') ?? '';
    const now = deps.now();
    const phone = await findPhoneOfOpenAccount(db, Number(match[1]));
    const valid =
      phone !== undefined &&
      /^\d{1,15}$/.test(expiresText) &&
      Number(expiresText) > now &&
      /^[0-9a-f]{64}$/.test(sigText) &&
      timingSafeEqual(Buffer.from(sigText, 'hex'), sign(phone.id, phone.user_id, Number(expiresText)));
    if (!valid) return fail(c, apiError(ErrorCode.FORBIDDEN), 403);
    const svg = renderScreenshotSvg({ id: phone.id, phoneNo: phone.phone_no, name: phone.name, now, operation: currentOperation(phone, now) });
    return c.body(svg, 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      // Short and private: the picture holds the clock and the progress, and it is one user's screen.
      'Cache-Control': 'private, max-age=60',
      // Opened directly, an SVG is a document; this keeps anything that slipped into it from running.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      'X-Content-Type-Options': 'nosniff',
    });
  });

  return routes;
}
