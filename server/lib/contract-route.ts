import type { Context, Hono, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import type { Endpoint, InputOf, ReplyInput } from '../../shared/contract/endpoint.ts';
import { ErrorCode } from '../../shared/error-codes.ts';
import type { RuleKey } from '../../shared/validate.ts';
import { fail, ok } from './envelope.ts';
import { ApiError, badRequest, ruleMessage } from './errors.ts';
import { readBody } from './request.ts';
import type { AppEnv, Deps } from './types.ts';

// Routes registered from the contract (shared/contract/): the request is read through the endpoint's schemas before
// the handler runs, and the reply is the handler's return value, typed by the reply schema.

/** A route of the contract: what its handler gets, already parsed, and what it must answer. */
export type ContractHandler<E extends Endpoint> = (c: Context<AppEnv>, input: InputOf<E>) => ReplyInput<E> | Promise<ReplyInput<E>>;

/** The first issue of a failed parse as the error the caller gets: a coded message answers its own code. */
function issueError(issue: v.BaseIssue<unknown>): ApiError {
  const coded = /^#(\d+) (.*)$/s.exec(issue.message);
  if (coded) return new ApiError(Number(coded[1]), ruleMessage(coded[2] as RuleKey) ?? coded[2]!);
  const field = v.getDotPath(issue);
  return badRequest(field ? `${field} ${issue.message}` : issue.message);
}

/**
 * An object's missing fields as present and undefined, so that each field's own schema says what is wrong with it
 * (a missing mobile is "please enter the mobile number", code and all) rather than valibot's "invalid key".
 */
function withEveryField(schema: v.GenericSchema, value: unknown): unknown {
  const entries = (schema as { entries?: Record<string, unknown> }).entries;
  if (!entries || !value || typeof value !== 'object' || Array.isArray(value)) return value;
  return { ...Object.fromEntries(Object.keys(entries).map((key) => [key, undefined])), ...value };
}

/** Reads `value` through `schema` as a contract route does (also for routes that answer a stream). */
export function parse<S extends v.GenericSchema | undefined>(schema: S, value: unknown): unknown {
  if (!schema) return undefined;
  const result = v.safeParse(schema, withEveryField(schema, value), { abortEarly: true });
  if (!result.success) throw issueError(result.issues[0]);
  return result.output;
}

/** Query values as the schemas read them: one value is a string, a repeated one a list. */
function queryOf(c: Context): Record<string, string | string[]> {
  const entries = Object.entries(c.req.queries()).map(([key, values]) => [key, values.length === 1 ? values[0]! : values]);
  return Object.fromEntries(entries);
}

/**
 * Set by a test server (AppOptions.checkReplies): a reply outside its schema is a bug, so the request fails with a 500
 * whose message says where (only a test server says so: it is the test's output a developer reads).
 */
function replyDrift(endpoint: Endpoint, reply: unknown): ApiError | null {
  const result = v.safeParse(endpoint.reply, reply);
  if (result.success) return null;
  const where = result.issues.slice(0, 3).map((issue) => `${v.getDotPath(issue) ?? '(reply)'}: ${issue.message}`).join('; ');
  return new ApiError(ErrorCode.SERVER_ERROR, `The reply of ${endpoint.route} leaves its schema: ${where}`);
}

/** Registers `endpoint` on `routes` behind `middleware`. */
export function contractRoute<E extends Endpoint>(
  routes: Hono<AppEnv>,
  deps: Pick<Deps, 'checkReplies'>,
  endpoint: E,
  middleware: MiddlewareHandler<AppEnv>[],
  handler: ContractHandler<E>,
): void {
  const [method, path] = endpoint.route.split(' ') as [string, string];
  const answer: MiddlewareHandler<AppEnv> = async (c) => {
    const query = parse(endpoint.query, queryOf(c));
    const body = endpoint.body ? parse(endpoint.body, await readBody(c)) : undefined;
    const reply = await handler(c, { query, body } as InputOf<E>);
    const drift = deps.checkReplies ? replyDrift(endpoint, reply) : null;
    return drift ? fail(c, drift, 500) : ok(c, reply);
  };
  routes.on(method, [path], ...middleware, answer);
}
