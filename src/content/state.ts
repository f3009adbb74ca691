/**
 * Content pages through the client store: one query per kind and language, one per page id and language. Keyed by
 * language, so switching it asks again (the server answers in the request's language).
 */
import { locale } from '../core/i18n/index.ts';
import { useQuery, type QueryView } from '../core/store/use-query.ts';
import * as api from './api.ts';

export function useContentList(kind: api.ContentKind): QueryView<api.ContentSummary[]> {
  return useQuery(['content', 'list', kind, locale.value], () => api.listContentPages(kind), { keepPrevious: true });
}

/** `null` data: the tenant has no page of that id. */
export function useContentPage(id: string): QueryView<api.ContentPage | null> {
  return useQuery(id ? ['content', 'page', id, locale.value] : null, () => api.getContentPage(id), { keepPrevious: true });
}
