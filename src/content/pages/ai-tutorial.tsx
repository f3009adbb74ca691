/**
 * aiTutorial (layout none, its own header): the help articles (kind `tutorial`) of the tenant, each opening
 * single-page with its id.
 */
import { Link } from 'wouter';
import { t } from '../../core/i18n/index.ts';
import { PageHeader } from '../../app/layouts/page-header.tsx';
import { pathTo } from '../../app/navigate.ts';
import type { PageProps } from '../../app/route-types.ts';
import { useContentList } from '../state.ts';
import { ContentPending } from '../parts/content-state.tsx';
import '../parts/content.css';
export { ensureContentTexts as ready } from '../texts/index.ts';

export default function AiTutorialPage({ clientNo }: PageProps) {
  const list = useContentList('tutorial');
  return (
    <div class="content-page" data-testid="ai-tutorial">
      <PageHeader title="content.tutorialTitle" clientNo={clientNo} />
      <p class="content-intro">{t('content.tutorialIntro')}</p>
      {list.data ? (
        list.data.length ? (
          <ul class="content-list">
            {list.data.map((page) => (
              <li key={page.id}>
                <Link href={pathTo('single-page', `id=${encodeURIComponent(page.id)}`)} class="content-item" data-testid="content-item">
                  {page.imageUrl ? <img src={page.imageUrl} alt="" width="72" height="36" loading="lazy" /> : null}
                  <span class="content-item__text">
                    <span class="content-item__title">{page.title}</span>
                    <span class="content-item__summary">{page.summary}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p class="content-pending muted">{t('content.empty')}</p>
        )
      ) : (
        <ContentPending error={list.error} retry={list.refetch} />
      )}
    </div>
  );
}
