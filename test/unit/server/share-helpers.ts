import * as assert from 'uvu/assert';
import { phoneId } from './device-helpers.ts';
import type { start } from './stream-helpers.ts';

// What the share tests use: the path, and the owner's and viewers' calls against the running test server.

export const SHARE = '/api/device/share';
export const HOUR = 3600_000;

export type Running = Awaited<ReturnType<typeof start>>;

/** The calls, made against whatever server `current()` returns (a test may start its own). */
export function shareCalls(current: () => Running) {
  async function createShare(permission: 'view' | 'control' = 'view', name = 'Shop assistant', validityHours = 24) {
    const userPhoneId = await phoneId(current().ctx, name);
    const reply = await current().ctx.call(`${SHARE}/create`, { body: { userPhoneId, permission, validityHours } });
    assert.is(reply.code, 0, reply.msg);
    return { userPhoneId, ...(reply.data as { shareId: number; token: string; expiresAt: number }) };
  }

  /** A join without an account (no login header), from its own address unless told. */
  async function join(token: string, displayName = 'Guest', extra: { viewerKey?: string; login?: string; tenant?: number; address?: string } = {}) {
    return current().ctx.call(`${SHARE}/join`, {
      body: { token, displayName, viewerKey: extra.viewerKey },
      token: extra.login,
      tenant: extra.tenant,
      address: extra.address ?? '10.0.0.1',
    });
  }

  async function joined(token: string, displayName = 'Guest', extra: Parameters<typeof join>[2] = {}) {
    const reply = await join(token, displayName, extra);
    assert.is(reply.code, 0, reply.msg);
    return reply.data as { viewerId: number; viewerKey: string; displayName: string; userPhoneId: number; permission: string };
  }

  const owner = (path: string, body: unknown) => current().ctx.call(`${SHARE}${path}`, { method: 'PUT', body });
  const status = async (viewerKey: string) => (await current().ctx.call(`${SHARE}/viewer/status`, { body: { viewerKey } })).data;

  return { createShare, join, joined, owner, status };
}

/** Waits (bounded) until `check` holds. */
export async function eventually(check: () => Promise<boolean> | boolean, what: string, withinMs = 3000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) assert.unreachable(what);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
