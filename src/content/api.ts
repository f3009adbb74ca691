/**
 * Content pages (server/API.md "Content pages"): the list of a kind and one page by id. Types from the contract
 * (shared/contract/content.ts). Pages read them through state.ts.
 */
import type * as C from '../../shared/contract/content.ts';
import type { ReplyOf } from '../../shared/contract/endpoint.ts';
import { api } from '../core/http.ts';

export type ContentKind = C.ContentKind;
export type ContentSummary = ReplyOf<typeof C.contentPageList>[number];
export type ContentPage = NonNullable<ReplyOf<typeof C.contentPage>>;

const PAGE = '/api/cms/page';

export const listContentPages = (kind: ContentKind) => api(`GET ${PAGE}/list`, { query: { kind } });
export const getContentPage = (id: string) => api(`GET ${PAGE}/get`, { query: { id } });
