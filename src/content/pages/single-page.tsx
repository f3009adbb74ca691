/**
 * singlePage (layout none, its own header): one CMS page by `?id=`, its own title in the header, its HTML sanitised.
 * An unknown id says so, with a way to the help list. sdkGuide is this page fixed to the `sdk-guide` id.
 */
import { Link } from 'wouter';
import { t } from '../../core/i18n/index.ts';
import { PageHeader } from '../../app/layouts/page-header.tsx';
import { pathTo } from '../../app/navigate.ts';
import type { PageProps } from '../../app/route-types.ts';
import { useContentPage } from '../state.ts';
import { ContentHtml } from '../parts/content-html.tsx';
import { ContentPending } from '../parts/content-state.tsx';
import '../parts/content.css';
export { ensureContentTexts as ready } from '../texts/index.ts';

export default function SinglePage({ clientNo, query, routeName }: PageProps) {
  const id = routeName === 'sdkGuide' ? 'sdk-guide' : (query.get('id') ?? '').trim();
  const page = useContentPage(id);
  const fallbackTitle = routeName === 'sdkGuide' ? 'content.sdkTitle' : 'content.pageTitle';
  const missing = !id || page.data === null;
  return (
    <div class="content-page" data-testid="single-page">
      <PageHeader title={fallbackTitle} text={page.data?.title} clientNo={clientNo} />
      {page.data ? (
        <article class="card">
          {page.data.summary ? <p class="content-summary">{page.data.summary}</p> : null}
          <ContentHtml html={page.data.html} />
        </article>
      ) : missing ? (
        <div class="card" role="alert" data-testid="content-not-found">
          <p>{t('content.notFound')}</p>
          <Link href={pathTo('ai-tutorial')} class="btn btn--ghost">{t('content.backToHelp')}</Link>
        </div>
      ) : (
        <ContentPending error={page.error} retry={page.refetch} />
      )}
    </div>
  );
}
