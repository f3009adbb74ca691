import { Hono } from 'hono';
import { requireAuth, requireTenant } from '../lib/auth.ts';
import { ok } from '../lib/envelope.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// The personal centre's data (spec §3 "User info").

export function userRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/api/merchant/user/get', requireTenant(deps), requireAuth(deps), (c) => {
    const user = c.get('user');
    return ok(c, {
      userId: user.id,
      userNo: user.user_no,
      nickname: user.nickname,
      avatar: user.avatar,
      mobile: user.mobile,
      registerTime: user.register_time,
      // The client offers "set password" rather than "change password" when this is false.
      hasPassword: user.password_hash !== null,
    });
  });

  return routes;
}
