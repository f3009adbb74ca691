/**
 * The types of the route table, for pages and navigation helpers: importing them never brings the table (and its
 * lazy imports) along, since `import type` is erased. `RouteSegment` and `RouteName` are derived from the table
 * itself (routes.ts), so a segment that is not a page there is a type error everywhere a path is built.
 */
import type { ComponentType } from 'react';
import type { MessageKey } from '../core/i18n/index.ts';
import type { RouteTable } from './routes.ts';

/** Path segment of a page of the table ('' for home, '404' for the not-found page). */
export type RouteSegment = RouteTable[number]['segment'];
/** Name of a page of the table: its segment in camelCase (home and notFound aside). */
export type RouteName = RouteTable[number]['name'];

export type LayoutName =
  | 'home' | 'person' | 'loginLayout' | 'phone' | 'buy' | 'code'
  | 'device' | 'message' | 'ai' | 'single' | '404' | 'none';

/** A page's purchase gate: without its permission the user stays put, or goes to the other one's page (spec §2). */
export type PurchaseGate = 'addPhone' | 'recharge' | 'activationCode';

export interface PageProps {
  clientNo: string;
  query: URLSearchParams;
  /** The route's name, for pages that serve several routes. */
  routeName: RouteName;
  /** The route's title, for pages that draw their own header. */
  title?: MessageKey;
}

export interface PageModule {
  default: ComponentType<PageProps>;
  ready?: () => Promise<void>;
}

/** One row of the table as written. */
export interface RouteEntry {
  name: string;
  /** Path segment without slashes; '' for home. */
  segment: string;
  level: 0 | 1 | 2 | 3;
  layout: LayoutName;
  /** Header title for layouts that show one. */
  title?: MessageKey;
  /** Reachable without a token. */
  public?: boolean;
  gate?: PurchaseGate;
  /**
   * Shown without waiting for the error catalogue (core/errors.ts): the page's modules word only failed calls (the
   * http client loads the catalogue before it rejects) or wait for it themselves (`describeEntry`, `errorText` of
   * core/errors-later.ts). A unit test holds such a page's modules to that.
   */
  catalogueLater?: true;
  /** The page module; one that exports `ready` (its own texts, say) is shown once that has resolved. */
  load: () => Promise<PageModule>;
}

/** A route of the table, with its name and segment narrowed to the table's own. */
export interface RouteDef extends RouteEntry {
  name: RouteName;
  segment: RouteSegment;
}
