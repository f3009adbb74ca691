/**
 * One row per code with its spec §4 status: waiting before the call, activating while it is in flight,
 * then the server's outcome. A renewal row also names the phone the code renews (code i renews phone i).
 */
import { describe } from '../../../core/errors.ts';
import { t } from '../../../core/i18n/index.ts';
import type { ActivationResult } from '../../codes-api.ts';
import type { ActivationStatus } from '../../order-types.ts';

export type CodeStatus = 'waiting' | 'activating' | ActivationStatus;

export interface CodeRow {
  /** null: a selected phone with no code paired to it. */
  code: string | null;
  /** False for a code that is not 12 letters or digits (never sent). */
  valid: boolean;
  status: CodeStatus;
  /** The server's narrower reason for a refused code (ActivationResult.errorCode and msg). */
  detail?: { code: number; msg: string };
  /** Renewal only: what the code renews; null when fewer phones than codes are selected. */
  phone?: { name: string; detail: string } | null;
}

const TONE: Record<CodeStatus, string> = {
  waiting: '',
  activating: ' code-status--busy',
  activated: ' code-status--ok',
  alreadyActivated: ' code-status--bad',
  notExist: ' code-status--bad',
  specMismatch: ' code-status--bad',
  expired: ' code-status--bad',
  noStock: ' code-status--bad',
  tooLong: ' code-status--bad',
  failed: ' code-status--bad',
};

export interface CodeOutcome {
  status: ActivationStatus;
  detail?: { code: number; msg: string };
}

/** The server's outcome for each code sent, in the order sent; a code it did not answer for counts as failed. */
export function outcomes(codes: string[], results: ActivationResult[]): CodeOutcome[] {
  const byCode = new Map(results.map((result) => [result.code, result]));
  return codes.map((code) => {
    const result = byCode.get(code);
    if (!result) return { status: 'failed' };
    return result.errorCode ? { status: result.status, detail: { code: result.errorCode, msg: result.msg ?? '' } } : { status: result.status };
  });
}

function Status({ row }: { row: CodeRow }) {
  if (row.code === null) return null;
  if (!row.valid) {
    return <span class="code-status code-status--bad" data-testid="code-status">{t('shop.codes.input.invalidBadge')}</span>;
  }
  const text = row.detail ? describe(row.detail.code, row.detail.msg) : t(`shop.codes.status.${row.status}`);
  return <span class={`code-status${TONE[row.status]}`} data-testid="code-status">{text}</span>;
}

export function CodeRows({ rows, renewal = false }: { rows: CodeRow[]; renewal?: boolean }) {
  if (!rows.length) return null;
  const finished = rows.filter((row) => row.code !== null && row.valid && row.status !== 'waiting' && row.status !== 'activating');
  const ok = finished.filter((row) => row.status === 'activated').length;
  return (
    <section aria-live="polite">
      <h2 class="section-title">{t('shop.codes.results')}</h2>
      {finished.length ? (
        <p class="code-summary" data-testid="code-summary">{t('shop.codes.summary', { ok, failed: finished.length - ok })}</p>
      ) : null}
      <div class="code-rows" data-testid="code-rows">
        {rows.map((row, index) => (
          <div
            key={`${index}-${row.code ?? ''}`}
            class="code-row"
            data-testid="code-row"
            data-code={row.code ?? ''}
            data-status={row.code === null ? 'none' : row.valid ? row.status : 'invalid'}
          >
            {renewal ? <span class="code-row__index">{index + 1}</span> : null}
            <span class="code-row__main">
              {row.code === null ? (
                <span class="code-row__missing">{t('shop.codes.renew.noCode')}</span>
              ) : (
                <span class="code-row__code" data-testid="code-row-code">{row.code}</span>
              )}
              {renewal ? (
                <span class="code-row__phone" data-testid="code-row-phone">
                  {row.phone ? (
                    `→ ${row.phone.name} · ${row.phone.detail}`
                  ) : (
                    <span class="code-row__missing">{t('shop.codes.renew.noPhone')}</span>
                  )}
                </span>
              ) : null}
            </span>
            <Status row={row} />
          </div>
        ))}
      </div>
    </section>
  );
}
