/**
 * How one call of the API is described, once, for both sides (server/API.md "Contract").
 * - The server registers each endpoint from its description, validates the request with its schemas and builds the
 *   reply typed by its reply schema; the test server also checks every reply against it (server/lib/contract-route.ts).
 * - The client takes only the types (`import type`), through the route string it sends (src/core/http.ts `api`): the
 *   schemas stay out of the browser's bundles, so the contract costs the first screen nothing.
 * Schemas are valibot's: tree-shaken, with the TypeScript types inferred from them.
 */
import type { GenericSchema, InferInput, InferOutput } from 'valibot';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint<
  R extends string = string,
  Q extends GenericSchema | undefined = GenericSchema | undefined,
  B extends GenericSchema | undefined = GenericSchema | undefined,
  Reply extends GenericSchema = GenericSchema,
> {
  /** `METHOD /path`: the string the client's `api()` is called with. */
  route: R;
  query: Q;
  body: B;
  reply: Reply;
}

/** Describes one endpoint; the route's method and path are checked for form by the type. */
export function endpoint<
  R extends `${Method} /${string}`,
  Reply extends GenericSchema,
  Q extends GenericSchema | undefined = undefined,
  B extends GenericSchema | undefined = undefined,
>(route: R, schemas: { query?: Q; body?: B; reply: Reply }): Endpoint<R, Q, B, Reply> {
  return { route, query: schemas.query as Q, body: schemas.body as B, reply: schemas.reply };
}

type Part<S> = S extends GenericSchema ? InferInput<S> : undefined;
type Parsed<S> = S extends GenericSchema ? InferOutput<S> : undefined;

/** What a caller sends: `{ query, body }`, each present when the endpoint takes it. */
export type RequestOf<E extends Endpoint> = (E['query'] extends GenericSchema ? { query: Part<E['query']> } : { query?: undefined }) &
  (E['body'] extends GenericSchema ? { body: Part<E['body']> } : { body?: undefined });

/** What the server's handler receives once the request passed its schemas. */
export interface InputOf<E extends Endpoint> {
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
}

/** The reply's `data` as the client reads it. */
export type ReplyOf<E extends Endpoint> = InferOutput<E['reply']>;
/** The reply's `data` as the server builds it. */
export type ReplyInput<E extends Endpoint> = InferInput<E['reply']>;

/** Every endpoint of a contract module by its route string. */
export type ByRoute<M> = {
  [K in keyof M as M[K] extends Endpoint<infer R> ? R : never]: M[K] extends Endpoint ? M[K] : never;
};
