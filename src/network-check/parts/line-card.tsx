/**
 * One line's card: its name and verdict (a word as well as a colour), its four figures as labelled terms, the
 * recommended quality, or its progress while measured.
 */
import { t } from '../../core/i18n/index.ts';
import type { LineNumber } from '../../../shared/contract/line-check-words.ts';
import type { LineFigures } from '../measure.ts';
import type { LineState } from '../state.ts';

const ms = (value: number | null) => (value === null ? t('networkCheck.none') : t('networkCheck.unit.ms', { value }));

function speed(kbps: number | null): string {
  if (kbps === null) return t('networkCheck.none');
  return kbps >= 1000 ? t('networkCheck.unit.mbps', { value: (kbps / 1000).toFixed(1) }) : t('networkCheck.unit.kbps', { value: kbps });
}

const FIGURES: Array<{ name: 'rtt' | 'jitter' | 'loss' | 'download'; show: (figures: LineFigures) => string }> = [
  { name: 'rtt', show: (figures) => ms(figures.rttMs) },
  { name: 'jitter', show: (figures) => ms(figures.jitterMs) },
  { name: 'loss', show: (figures) => t('networkCheck.unit.percent', { value: figures.lossPercent }) },
  { name: 'download', show: (figures) => speed(figures.downloadKbps) },
];

function progressOf(state: Extract<LineState, { status: 'measuring' }>): { text: string; percent: number } {
  if (state.phase === 'ping') return { text: t('networkCheck.status.ping', { done: state.done, total: state.total }), percent: (state.done / state.total) * 50 };
  if (state.phase === 'download') {
    const percent = Math.round((state.done / state.total) * 100);
    return { text: t('networkCheck.status.download', { percent }), percent: 50 + percent / 2 };
  }
  return { text: t('networkCheck.status.connecting'), percent: 0 };
}

export function LineCard({ line, state }: { line: LineNumber; state: LineState }) {
  const result = state.status === 'done' ? state : null;
  const progress = state.status === 'measuring' ? progressOf(state) : null;
  const verdict = result?.verdict.verdict;
  return (
    <section class={`card line-card${verdict ? ` line-card--${verdict}` : ''}`} aria-labelledby={`line-${line}-name`} data-testid={`line-${line}`}
      data-status={state.status} data-verdict={verdict ?? ''}>
      <div class="line-card__head">
        <h2 class="card__title" id={`line-${line}-name`}>{t('networkCheck.line', { line })}</h2>
        {verdict ? <span class="line-card__verdict" data-testid="line-verdict">{t(`networkCheck.verdict.${verdict}`)}</span> : null}
      </div>
      {progress ? (
        <div class="line-card__progress">
          <progress max={100} value={Math.round(progress.percent)} aria-label={t('networkCheck.progress', { line })} />
          <span class="muted">{progress.text}</span>
        </div>
      ) : null}
      {state.status === 'failed' ? (
        <p class="field__error line-card__note" data-testid="line-failed">
          {state.reason ? t('networkCheck.failed', { reason: t(state.reason) }) : t('networkCheck.notChecked')}
        </p>
      ) : null}
      {state.status === 'waiting' ? <p class="muted line-card__note">{t('networkCheck.status.waiting')}</p> : null}
      {result ? (
        <>
          <dl class="line-figures" aria-label={t('networkCheck.figures', { line })}>
            {FIGURES.map((figure) => (
              <div key={figure.name} class="line-figures__item" data-testid={`figure-${figure.name}`}>
                <dt>{t(`networkCheck.name.${figure.name}`)}</dt>
                <dd>{figure.show(result.figures)}</dd>
              </div>
            ))}
          </dl>
          <p class="line-card__note" data-testid="line-quality" data-quality={result.verdict.quality}>
            {t('networkCheck.recommend', { quality: t(`networkCheck.quality.${result.verdict.quality as 'hd' | 'medium' | 'low'}`) })}
          </p>
        </>
      ) : null}
    </section>
  );
}
