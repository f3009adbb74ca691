import { Hono } from 'hono';
import type { AppEnv, Db } from '../lib/types.ts';

// What a load balancer asks each instance (docs/deployment): GET /health answers 200 while the instance takes work and
// reaches its database, 503 once it is stopping (SIGTERM: let the connections drain elsewhere) or when the database
// does not answer within a bound, so requests go to an instance that can serve them. Outside /api/: no tenant, no
// token, nothing of anyone's in it, never cached.

export const HEALTH_PATH = '/health';

/** How long the database may take to answer the check before the instance is reported unable to serve. */
export const HEALTH_DATABASE_WAIT_MS = 2000;

export interface HealthOptions {
  db: Db;
  /** True once the instance is stopping (main.ts on SIGTERM). */
  stopping?: () => boolean;
}

async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), HEALTH_DATABASE_WAIT_MS)));
  const answered = db.value('SELECT 1').then(() => true, () => false);
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(options: HealthOptions): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get(HEALTH_PATH, async (c) => {
    c.header('Cache-Control', 'no-store');
    const stopping = options.stopping?.() ?? false;
    const database = await databaseAnswers(options.db);
    const serving = database && !stopping;
    return c.json({ status: serving ? 'ok' : stopping ? 'stopping' : 'database unreachable', database }, serving ? 200 : 503);
  });
  return routes;
}
