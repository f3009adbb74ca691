/**
 * One check as a row: what was checked, how it came out (a word as well as a colour), its figure or the problem in
 * the catalogue's words, and the button of its fix when the user can act on it.
 */
import { t, type MessageKey } from '../../core/i18n/index.ts';
import { describe } from '../../core/errors.ts';
import { formatRemaining } from '../../devices/remaining-time.ts';
import type { CheckFix } from '../../../shared/contract/phone-check-words.ts';
import type { PhoneCheckItem } from '../api.ts';

const GB = 1024 ** 3;

function size(bytes: number): string {
  return bytes >= GB ? t('phoneCheck.units.gb', { value: (bytes / GB).toFixed(1) }) : t('phoneCheck.units.mb', { value: Math.round(bytes / 1024 ** 2) });
}

const ICONS = { ok: '✓', warning: '!', problem: '✕', skipped: '–' } as const;

/** What the row says under its name. */
function details(item: PhoneCheckItem): string[] {
  if (item.result === 'skipped') return [t('phoneCheck.figure.skipped')];
  const lines: string[] = [];
  if (item.code) lines.push(describe(item.code, item.msg));
  const attention = item.result !== 'ok';
  const extra = (key: MessageKey) => (attention ? [t(key)] : []);
  switch (item.name) {
    case 'reachable':
      if (!item.code) lines.push(t('phoneCheck.figure.reachable'));
      break;
    case 'status':
      if (!item.code) lines.push(t('phoneCheck.figure.status'));
      else if (!item.fix) lines.push(t('phoneCheck.figure.waiting'));
      break;
    case 'time':
      if (item.value !== null && item.value > 0) lines.push(formatRemaining(item.value));
      if (!item.code) lines.push(...extra('phoneCheck.figure.expiringSoon'));
      break;
    case 'storage':
    case 'memory':
      if (item.value !== null && item.limit !== null) lines.push(t('phoneCheck.figure.used', { used: size(item.value), total: size(item.limit) }));
      lines.push(...extra(item.name === 'storage' ? 'phoneCheck.figure.storageHigh' : 'phoneCheck.figure.memoryHigh'));
      break;
    case 'latency':
      if (item.value !== null) lines.push(t('phoneCheck.figure.latency', { ms: item.value }));
      lines.push(...extra('phoneCheck.figure.latencyHigh'));
      break;
  }
  return lines;
}

interface CheckRowProps {
  item: PhoneCheckItem;
  /** Whether the fix can be offered here (its page is enabled for this tenant). */
  canFix: (fix: CheckFix) => boolean;
  onFix: (fix: CheckFix) => void;
  busy: boolean;
}

export function CheckRow({ item, canFix, onFix, busy }: CheckRowProps) {
  const fix = item.fix && canFix(item.fix) ? item.fix : null;
  return (
    <li class={`check-row check-row--${item.result}`} data-testid="check-row" data-check={item.name} data-result={item.result} data-fix={item.fix ?? ''}>
      <span class="check-row__icon" aria-hidden="true">{ICONS[item.result]}</span>
      <span class="check-row__body">
        <span class="check-row__head">
          <span class="check-row__name">{t(`phoneCheck.name.${item.name}`)}</span>
          <span class="check-row__result">{t(`phoneCheck.result.${item.result}`)}</span>
        </span>
        {details(item).map((line) => <span key={line} class="check-row__detail">{line}</span>)}
      </span>
      {fix ? (
        <button type="button" class={`btn check-row__fix${item.result === 'problem' ? ' btn--primary' : ''}`} disabled={busy}
          data-testid={`check-fix-${fix}`} onClick={() => onFix(fix)}>
          {t(`phoneCheck.fix.${fix}`)}
        </button>
      ) : null}
    </li>
  );
}
