import { Hono } from 'hono';
import * as contract from '../../shared/contract/messages.ts';
import { requireAuth, requireTenant } from '../lib/auth.ts';
import { contractRoute } from '../lib/contract-route.ts';
import { messagePage, openMessage, readAll, unreadOf } from '../lib/messages.ts';
import { languageOf } from '../lib/request.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// The message centre (shared/contract/messages.ts; API.md "Messages"). Every call is the signed-in user's own messages;
// texts are in the request's `language` header.

export function messageRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const guard = [requireTenant(deps), requireAuth(deps)];

  contractRoute(routes, deps, contract.listMessages, guard, async (c, { query }) =>
    await messagePage(db, c.get('user'), query.tab, query.pageNo, query.pageSize, languageOf(c), deps.now()),
  );
  contractRoute(routes, deps, contract.unreadCounts, guard, async (c) => await unreadOf(db, c.get('user'), deps.now()));
  contractRoute(routes, deps, contract.getMessage, guard, async (c, { query }) => await openMessage(db, c.get('user'), query.messageId, languageOf(c), deps.now()));
  contractRoute(routes, deps, contract.readAllMessages, guard, async (c, { body }) => ({ count: await readAll(db, c.get('user'), body.tab, deps.now()) }));
  return routes;
}
