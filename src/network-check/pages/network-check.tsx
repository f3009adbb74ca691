/**
 * networkCheck (person layout): both lines (spec §1 "line 1 and line 2") measured from the browser over the stream's
 * own transport (a WebSocket on the streaming host, server/API.md "Network check"): round trip, jitter, packet loss
 * and download, a verdict per line and the stream quality it suits. Runs on opening; "test again" runs it afresh.
 */
import { t } from '../../core/i18n/index.ts';
import { LINES } from '../../../shared/contract/line-check-words.ts';
import { useLineChecks, type LineState } from '../state.ts';
import { LineCard } from '../parts/line-card.tsx';
import '../parts/network-check.css';
// Shown once the network-check texts and the error catalogue are in (texts/index.ts).
export { ensureNetworkCheckTexts as ready } from '../texts/index.ts';

function verdictWord(state: LineState): string {
  if (state.status === 'done') return t(`networkCheck.verdict.${state.verdict.verdict}`);
  return state.status === 'failed' ? t('networkCheck.unchecked') : t('networkCheck.none');
}

export default function NetworkCheckPage() {
  const { lines, running, run } = useLineChecks();
  return (
    <div class="net-page">
      <p class="muted net-intro">{t('networkCheck.intro')}</p>
      {/* The figures change many times a second while measured: the cards are busy until done, and the live region
          says once that the check began and once how it came out, rather than every ping. */}
      <p class="net-status" role="status" data-testid="net-status">
        {running ? t('networkCheck.testing') : t('networkCheck.summary', { first: verdictWord(lines[1]), second: verdictWord(lines[2]) })}
      </p>
      <div class="net-lines" aria-busy={running ? 'true' : undefined}>
        {LINES.map((line) => <LineCard key={line} line={line} state={lines[line]} />)}
      </div>
      <div class="net-actions">
        <button type="button" class="btn btn--primary btn--block" disabled={running} onClick={() => void run()} data-testid="net-again">
          {running ? t('networkCheck.testing') : t('networkCheck.again')}
        </button>
      </div>
    </div>
  );
}
