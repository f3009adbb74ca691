/**
 * Building `/app`-relative page paths (spec §2: `/<segment>/<clientNo>`, home is `/<clientNo>`). Only types come
 * from the route table, so anything may import this without pulling the table's lazy pages in.
 */
import type { RouteSegment } from './route-types.ts';

/** A path built from a page of the table; `go()` takes nothing else, so a hand-written string fails the typecheck. */
export type PagePath = string & { readonly pagePath: unique symbol };

/** The path of a segment read from an address, which may name no page (the router sends those to 404). */
export function pathOfSegment(segment: string, clientNo: string, search = ''): string {
  const path = segment ? `/${segment}${clientNo ? `/${clientNo}` : ''}` : `/${clientNo}`;
  return path + (search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '');
}

/** The path of a page of the table for a client, with an optional query (`a=1` or `?a=1`). */
export function pagePath(segment: RouteSegment, clientNo: string, search = ''): PagePath {
  return pathOfSegment(segment, clientNo, search) as PagePath;
}
