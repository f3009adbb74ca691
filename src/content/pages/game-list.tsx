/** gameList (layout none, its own header): the games (kind `game`) with their picture, name and description. */
import { t } from '../../core/i18n/index.ts';
import { PageHeader } from '../../app/layouts/page-header.tsx';
import type { PageProps } from '../../app/route-types.ts';
import { useContentList } from '../state.ts';
import { ContentPending } from '../parts/content-state.tsx';
import '../parts/content.css';
export { ensureContentTexts as ready } from '../texts/index.ts';

export default function GameListPage({ clientNo }: PageProps) {
  const list = useContentList('game');
  return (
    <div class="content-page" data-testid="game-list">
      <PageHeader title="content.gamesTitle" clientNo={clientNo} />
      <p class="content-intro">{t('content.gamesIntro')}</p>
      {list.data ? (
        list.data.length ? (
          <ul class="content-list">
            {list.data.map((game) => (
              <li key={game.id} class="game-card" data-testid="game">
                {game.imageUrl ? <img src={game.imageUrl} alt="" width="320" height="160" loading="lazy" /> : null}
                <div class="game-card__body">
                  <h2>{game.title}</h2>
                  <p>{game.summary}</p>
                </div>
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
