import { Hono } from 'hono';
import type { Context, MiddlewareHandler } from 'hono';
import * as contract from '../../shared/contract/shares.ts';
import { requireAuth, requireTenant } from '../lib/auth.ts';
import { clientAddress } from '../lib/client-address.ts';
import { contractRoute } from '../lib/contract-route.ts';
import * as shares from '../lib/shares.ts';
import * as viewers from '../lib/share-viewers.ts';
import { admitShareJoin } from '../lib/admissions.ts';
import { languageOf } from '../lib/request.ts';
import { findSessionByAccessToken } from '../lib/tokens.ts';
import type { AppEnv, Deps } from '../lib/types.ts';
import { isTrialOver } from '../lib/users.ts';

// Screen sharing by link (shared/contract/shares.ts; server/API.md "Screen sharing"). The owner's calls need a login.
// The viewer's do not (a link opens without an account, on any client number): they carry the link's token or the
// viewer's key, and a login only when the page has one, to remember the account that joined.

export function shareRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const owner = [requireTenant(deps), requireAuth(deps)];
  // No tenant header needed: the token or key names the share, whose tenant is its own (any client number opens a
  // link), and the page can ask before it has resolved its client (the first picture comes a round trip sooner).
  const visitor: MiddlewareHandler<AppEnv>[] = [];

  contractRoute(routes, deps, contract.createShare, owner, async (c, { body }) => await shares.createShare(deps, c.get('user'), body));
  contractRoute(routes, deps, contract.listShares, owner, async (c) => await shares.listShares(deps, c.get('user')));
  contractRoute(routes, deps, contract.getShare, owner, async (c, { query }) => await shares.getShare(deps, c.get('user'), query.shareId));
  contractRoute(routes, deps, contract.endShare, owner, async (c, { body }) => {
    await shares.endShare(deps, c.get('user'), body.shareId);
    return true;
  });
  contractRoute(routes, deps, contract.setViewerPermission, owner, async (c, { body }) => {
    await shares.setPermission(deps, c.get('user'), body.viewerId, body.permission);
    return true;
  });
  contractRoute(routes, deps, contract.answerControlRequest, owner, async (c, { body }) => {
    await shares.answerControlRequest(deps, c.get('user'), body.viewerId, body.approve);
    return true;
  });
  contractRoute(routes, deps, contract.actOnViewer, owner, async (c, { body }) => {
    await shares.actOnViewer(deps, c.get('user'), body.viewerId, body.action);
    return true;
  });

  contractRoute(routes, deps, contract.openShare, visitor, async (_c, { body }) => await viewers.openShare(deps, body.token));
  contractRoute(routes, deps, contract.joinShare, visitor, async (c, { body }) => {
    await admitShareJoin(deps, clientAddress(c, deps.trustProxy));
    return await viewers.joinShare(deps, { ...body, language: languageOf(c), account: await loggedInUser(deps, c) });
  });
  contractRoute(routes, deps, contract.renameViewer, visitor, async (_c, { body }) => await viewers.renameViewer(deps, body.viewerKey, body.displayName));
  contractRoute(routes, deps, contract.viewerStatus, visitor, async (_c, { body }) => await viewers.viewerStatus(deps, body.viewerKey));
  contractRoute(routes, deps, contract.requestControl, visitor, async (_c, { body }) => await viewers.requestControl(deps, body.viewerKey));
  contractRoute(routes, deps, contract.leaveShare, visitor, async (_c, { body }) => {
    await viewers.leaveShare(deps, body.viewerKey);
    return true;
  });

  return routes;
}

/**
 * The account behind the request's login (in the tenant its header names), if it has a valid one; a missing or stale
 * login, or no tenant header, is simply no account. Whether it belongs to the share's tenant is the join's to check.
 */
async function loggedInUser(deps: Deps, c: Context<AppEnv>): Promise<{ id: number; tenantId: number } | null> {
  const match = (c.req.header('authorization') ?? '').match(/^Bearer\s+(\S+)$/i);
  const tenant = (c.req.header('tenant-id') ?? '').trim();
  const found = match && /^\d{1,15}$/.test(tenant) ? await findSessionByAccessToken(deps, match[1]!, Number(tenant)) : null;
  const now = deps.now();
  if (!found || found.accessExpiresAt <= now || isTrialOver(found.user, now)) return null;
  return { id: found.user.id, tenantId: found.user.tenant_id };
}
