/**
 * Every row of the route table as the app has it once more-routes.ts has loaded (the first screens' rows are in
 * routes.ts), sorted by segment. A page whose segment is missing from `KNOWN_SEGMENTS` is missing here too, and the
 * route-table test fails on it.
 */
import { loadMoreRoutes, routeBySegment } from '../../../src/app/routes.ts';
import { KNOWN_SEGMENTS } from '../../../src/app/page-segments.ts';
import type { RouteDef } from '../../../src/app/route-types.ts';

await loadMoreRoutes();

export const ROUTES: readonly RouteDef[] = ['', ...KNOWN_SEGMENTS].sort().flatMap((segment) => routeBySegment(segment) ?? []);
