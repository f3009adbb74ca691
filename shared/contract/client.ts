/**
 * What the client (tenant) is and shows: its secure data, about-app data and function list, configuration values,
 * customer service, agreements, rules and advertisements (spec §7 "Authentication and user"; server/API.md "Client
 * and configuration", "Agreements (CMS)", "Invite, customer service, advertisements").
 * Server: server/routes/client.ts, cms.ts. Client: src/app/client-api.ts, src/account/account-api.ts.
 */
import * as v from 'valibot';
import { ErrorCode } from '../error-codes.ts';
import { anything, asPositiveInt, coded, Id, pageOf, QueryText, Text } from './fields.ts';
import { endpoint } from './endpoint.ts';
import { CONFIG_PAGE_SIZE } from './client-words.ts';

const CLIENT = '/api/merchant/client';
const AGREEMENT = '/api/cms/agreement';

/** More keys than any page needs means a broken client; refusing keeps the lookup bounded. */
export const MAX_CONFIG_KEYS = 1000;
/** More positions than any page shows means a broken client; refusing keeps the lookup bounded. */
export const MAX_AD_POSITIONS = 20;

/** The client's number (matched case-insensitively); an empty one names no client. */
const clientNo = { clientNo: QueryText };

export const clientSecureData = endpoint(`GET ${CLIENT}/get-client-secure-data`, {
  query: v.object(clientNo),
  /** platform is "h5" or "pc". */
  reply: v.strictObject({ tenantId: v.number(), clientId: v.number(), platform: v.string() }),
});

export const aboutApp = endpoint(`GET ${CLIENT}/get-about-app`, {
  query: v.object(clientNo),
  reply: v.strictObject({
    clientNo: v.string(),
    clientName: v.string(),
    logoUrl: v.string(),
    version: v.string(),
    customerServiceUrl: v.string(),
  }),
});

export const ClientFunction = v.strictObject({
  key: v.string(),
  name: v.string(),
  /** `{}` when the feature has none. */
  props: v.record(v.string(), v.unknown()),
  enable: v.boolean(),
});

/** Without `clientNo`, the client of the client-id header. */
export const clientFunctions = endpoint('GET /api/merchant/client-function/list', {
  query: v.object({ functionType: v.optional(Id), clientNo: QueryText }),
  reply: v.array(ClientFunction),
});

/** The body's paging is stricter than the query paging of the lists: a present null is refused too. */
const pageSize = v.optional(
  v.pipe(
    anything<number>(),
    v.check((value) => (asPositiveInt(value) ?? Infinity) <= CONFIG_PAGE_SIZE, `must be 1-${CONFIG_PAGE_SIZE}`),
    v.transform((value) => asPositiveInt(value) ?? 0),
  ),
  CONFIG_PAGE_SIZE,
);

/** Keys in the order given, repeats dropped, so paging is stable across pages. */
const configKeys = v.pipe(
  anything<string[]>(),
  v.check((value) => Array.isArray(value) && value.every((key) => typeof key === 'string'), 'must be an array of strings'),
  v.transform((keys) => [...new Set(keys)]),
  v.check((keys) => keys.length <= MAX_CONFIG_KEYS, coded(ErrorCode.BAD_REQUEST, `At most ${MAX_CONFIG_KEYS} keys per request`)),
);

/** Only the keys that exist, in the order asked. */
export const configKeyValues = endpoint('POST /api/merchant/config/getKeys', {
  body: v.object({ pageNo: v.optional(Id, 1), pageSize, keys: configKeys }),
  reply: pageOf(v.strictObject({ key: v.string(), value: v.string() })),
});

/** A key the tenant has not set answers a null value: callers fall back to their built-in default. */
export const configValue = endpoint('POST /api/infra/config/get-config', {
  body: v.object({ key: v.pipe(Text, v.trim(), v.nonEmpty('is required')) }),
  reply: v.strictObject({ key: v.string(), value: v.nullable(v.string()) }),
});

/** Empty strings for a tenant without customer service. */
export const customerService = endpoint('GET /api/merchant/customer-service/get', {
  reply: v.strictObject({ url: v.string(), phone: v.string(), workTime: v.string() }),
});

/** 1 the user agreement, 2 the privacy agreement. */
export const agreementNames = endpoint(`GET ${AGREEMENT}/get-name`, {
  reply: v.array(v.strictObject({ type: v.number(), name: v.string() })),
});

/** `content` is HTML. */
export const agreementContent = endpoint(`GET ${AGREEMENT}/get-content`, {
  query: v.object({ type: Id }),
  reply: v.strictObject({ type: v.number(), name: v.string(), content: v.string() }),
});

/** A rule text such as `invite`; `content` is HTML. */
export const rule = endpoint(`GET ${AGREEMENT}/get-rule`, {
  query: v.object({ code: v.pipe(QueryText, v.nonEmpty('is required')) }),
  reply: v.strictObject({ code: v.string(), name: v.string(), content: v.string() }),
});

/** Positions as repeated query values, in any order, repeats dropped. */
const adPositions = v.pipe(
  anything<number[]>(),
  v.transform<number[], (number | null)[]>((value: unknown) => {
    const raw: unknown[] = Array.isArray(value) ? value : value === undefined ? [] : [value];
    return raw.map(asPositiveInt);
  }),
  v.check((ids) => ids.length > 0 && !ids.includes(null), 'must be positive integers'),
  v.transform((ids) => [...new Set(ids as number[])]),
  v.check((ids) => ids.length <= MAX_AD_POSITIONS, coded(ErrorCode.BAD_REQUEST, `At most ${MAX_AD_POSITIONS} adPositions per request`)),
);

/** Active ads of those positions for the platform (matched case-insensitively), by position then sort. */
export const advertisements = endpoint('GET /api/cms/advertisement/list-by-adposition', {
  query: v.object({ adPositions, platformNo: v.pipe(QueryText, v.nonEmpty('is required'), v.toUpperCase()) }),
  reply: v.array(
    v.strictObject({ id: v.number(), adPosition: v.number(), title: v.string(), imageUrl: v.string(), linkUrl: v.string() }),
  ),
});
