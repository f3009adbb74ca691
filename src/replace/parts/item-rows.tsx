/**
 * Per phone, what the preview says a replacement would do (allowed, with what it changes for the chosen type, or the
 * refusal in the catalogue's words), and once submitted how each goes: replacing with its share done (the phone store,
 * kept fresh by devices/polling.ts while the phone is busy), done once it is back, or failed with its reason.
 */
import { t } from '../../core/i18n/index.ts';
import { describe } from '../../core/errors.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { REPLACING_OPERATIONS } from '../../../shared/contract/device-words.ts';
import type { ReplaceType } from '../../../shared/contract/replace-words.ts';
import type { Phone } from '../../devices/api.ts';
import { isBusy } from '../../../shared/device-types.ts';
import { phonesById } from '../../devices/phone-store.ts';
import type { PreviewItem, SubmitItem } from '../api.ts';

function PreviewNote({ item, type }: { item: PreviewItem; type: ReplaceType }) {
  // The phone's last replacement, as its history: why it is refused as too recent, or what came before.
  const last = item.lastReplacedAt === null ? [] : [t('replace.lastReplaced', { time: formatDateTime(item.lastReplacedAt) })];
  if (!item.ok) {
    return (
      <span class="replace-item__verdict">
        <span class="replace-bad">{describe(item.code, item.msg)}</span>
        {last.map((note) => <span key={note} class="replace-item__note muted">{note}</span>)}
      </span>
    );
  }
  const notes = [t(type === 1 ? 'replace.appsRemoved' : 'replace.appsKept', { count: item.installedApps })];
  if (type === 1 && item.root) notes.push(t('replace.rootOff'));
  return (
    <span class="replace-item__verdict">
      <span class="replace-ok">{t('replace.ok')}</span>
      {[...notes, ...last].map((note) => <span key={note} class="replace-item__note muted">{note}</span>)}
    </span>
  );
}

export function PreviewRows({ items, type }: { items: PreviewItem[]; type: ReplaceType }) {
  return (
    <ul class="replace-items" data-testid="replace-preview">
      {items.map((item) => (
        <li key={item.userPhoneId} class="replace-item" data-testid="replace-preview-item" data-phone-id={item.userPhoneId} data-ok={item.ok}>
          <span class="replace-item__name">{item.name || item.phoneNo}</span>
          <PreviewNote item={item} type={type} />
        </li>
      ))}
    </ul>
  );
}

type LiveState = 'replacing' | 'done' | 'failed';

function liveState(item: SubmitItem, phone: Phone | undefined): { state: LiveState; percent: number } {
  if (!item.success) return { state: 'failed', percent: 0 };
  // Not in the store yet (being read), or shown busy before its task is known: the replacement has just started.
  if (!phone || (isBusy(phone.businessStatus) && !phone.operation)) return { state: 'replacing', percent: 0 };
  const operation = phone.operation && REPLACING_OPERATIONS.includes(phone.operation.type) && isBusy(phone.businessStatus) ? phone.operation : null;
  return operation ? { state: 'replacing', percent: operation.progress } : { state: 'done', percent: 100 };
}

export function ProgressRows({ items }: { items: SubmitItem[] }) {
  const byId = phonesById.value;
  return (
    <ul class="replace-items" data-testid="replace-result">
      {items.map((item) => {
        const { state, percent } = liveState(item, byId.get(item.userPhoneId));
        const name = item.name || item.phoneNo;
        return (
          <li key={item.userPhoneId} class="replace-item replace-item--live" data-testid="replace-result-item" data-phone-id={item.userPhoneId} data-state={state}>
            <span class="replace-item__row">
              <span class="replace-item__name">{name}</span>
              <span class={`replace-item__verdict replace-state--${state}`}>
                {state === 'replacing' ? t('replace.replacing', { progress: percent }) : t(state === 'done' ? 'replace.done' : 'replace.failed')}
                {state === 'failed' ? <span class="replace-item__reason">{describe(item.code, item.msg)}</span> : null}
              </span>
            </span>
            {state === 'failed' ? null : (
              <span class="replace-bar" role="progressbar" aria-label={name} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
                <span class="replace-bar__fill" style={{ transform: `scaleX(${percent / 100})` }} />
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
