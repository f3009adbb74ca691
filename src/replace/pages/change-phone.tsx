/**
 * changePhone (person layout, `?ids=1,2`): the phones to replace (preselected from the address, editable up to the
 * tenant's batch limit, never above 10), the type (spec §4: 1 do not keep data, 2 move data), a check that shows per
 * phone what will happen (replace-preview), a confirmation, then the replacement (replace-submit) and each phone's
 * live state: replacing with its progress, done, or failed with the reason. Changing anything after a check asks for
 * a new one: the server checks everything again anyway.
 */
import { useEffect, useRef, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { errorInto } from '../../core/ui/error-into.ts';
import { goToPage } from '../../app/navigate.ts';
import type { PageProps } from '../../app/route-types.ts';
import { usePhones } from '../../devices/phone-lists.ts';
import { useCheckedBatch } from '../../devices/use-checked-batch.ts';
import { CheckedBatchCard } from '../../devices/checked-batch-card.tsx';
import { phonesById } from '../../devices/phone-store.ts';
import type { ReplaceType } from '../../../shared/contract/replace-words.ts';
import type { ReplacePreview, ReplaceSubmit } from '../api.ts';
import { followReplacements, loadReplaceLimits, previewNow, replaceLimits, submitNow } from '../state.ts';
import { PhoneChoice, type PhoneChoiceWords } from '../../devices/phone-choice.tsx';
import { TypeChoice } from '../parts/type-choice.tsx';
import { PreviewRows, ProgressRows } from '../parts/item-rows.tsx';
import '../parts/replace.css';
// Shown once the replace texts and the error catalogue are in (texts/index.ts).
export { ensureReplaceTexts as ready } from '../texts/index.ts';

function idsOf(query: URLSearchParams): number[] {
  const ids = (query.get('ids') ?? '').split(',').map(Number).filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(ids)];
}

function Progress({ result, onAgain }: { result: ReplaceSubmit; onAgain: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const started = result.items.filter((item) => item.success).map((item) => item.userPhoneId);
  // The rows read the phone store: these phones are kept in it (names, and a phone the page had not read).
  usePhones(started);
  // The shared poll follows them; asked again whenever one of them shows a task running (home may have stopped it).
  const running = started.filter((id) => phonesById.value.get(id)?.operation).join(',');
  useEffect(() => {
    if (running) followReplacements();
  }, [running]);
  // The pressed button went away: focus moves to what this step shows.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div class="replace-page">
      <section class="card replace-section" aria-labelledby="replace-result-title" data-testid="replace-done">
        <h2 class="card__title" id="replace-result-title" tabIndex={-1} ref={heading}>{t('replace.resultTitle')}</h2>
        <ProgressRows items={result.items} />
      </section>
      <div class="replace-actions">
        <button type="button" class="btn" onClick={onAgain} data-testid="replace-again">{t('replace.again')}</button>
        <button type="button" class="btn btn--primary" onClick={() => goToPage('')} data-testid="replace-finished">{t('replace.finished')}</button>
      </div>
    </div>
  );
}

/** The phone choice's words, in the language shown now. */
const phoneWords = (): PhoneChoiceWords => ({
  title: t('replace.phones'),
  none: t('replace.none'),
  choose: t('replace.choose'),
  closePicker: t('replace.closePicker'),
  count: (count, max) => t('replace.count', { count, max }),
  remove: (name) => t('replace.remove', { name }),
  full: (max) => t('replace.full', { max }),
  tooMany: (max, extra) => t('replace.tooMany', { max, extra }),
});

export default function ChangePhonePage({ query }: PageProps) {
  useEffect(() => void loadReplaceLimits().catch(() => {}), []);
  const limits = replaceLimits.value;
  const [selected, setSelected] = useState<number[]>(() => idsOf(query));
  // Moving the data is the default: the other erases what the user installed, which only a deliberate choice should.
  const [type, setType] = useState<ReplaceType>(2);
  const [error, setError] = useState<string | null>(null);
  const chosen = usePhones(selected).phones;
  const tooMany = selected.length > limits.batch;
  const batch = useCheckedBatch<ReplacePreview, ReplaceSubmit>({
    check: () => previewNow(selected, type),
    confirmWords: (checked, count) => ({
      title: t('replace.confirmTitle'),
      message: t(checked.replaceType === 1 ? 'replace.confirmFresh' : 'replace.confirmKeep', { count }),
      action: t('replace.submit', { count }),
    }),
    // The type the check was made for, which is the type the rows showed.
    submit: (checked, accepted) => submitNow(accepted, checked.replaceType),
    onError: errorInto(setError),
  });
  const { busy, checked, accepted, result } = batch;

  const edit = () => {
    batch.edit();
    setError(null);
  };

  const check = async () => {
    // More than the limit is refused here, before any call (spec §9: at most 10 at once).
    if (!selected.length || tooMany) return;
    setError(null);
    await batch.check();
  };

  if (result) {
    return <Progress result={result} onAgain={() => { batch.startOver(); setSelected([]); }} />;
  }

  return (
    <div class="replace-page">
      <PhoneChoice chosen={chosen} selected={selected} max={limits.batch} onChange={(ids) => { setSelected(ids); edit(); }}
        words={phoneWords()} testIdPrefix="replace" class="replace-section" />
      <p class="muted replace-rule">{t('replace.rule', { max: limits.batch, hours: limits.expireHours, frequency: limits.frequencyHours })}</p>
      <TypeChoice value={type} onChange={(next) => { setType(next); edit(); }} />
      {checked ? null : (
        <div class="replace-actions">
          <button type="button" class="btn btn--primary btn--block" disabled={busy || !selected.length || tooMany} onClick={() => void check()}
            data-testid="replace-check">
            {t('replace.check')}
          </button>
        </div>
      )}
      {error ? <p class="field__error replace-error" role="alert" data-testid="replace-error">{error}</p> : null}
      {checked ? (
        <CheckedBatchCard prefix="replace" heading={t('replace.checkTitle')} accepted={accepted.length} busy={busy}
          words={{ none: t('replace.noneOk'), edit: t('replace.edit'), confirm: t('replace.submit', { count: accepted.length }) }}
          confirmTestId="replace-submit" onEdit={edit} onConfirm={() => void batch.confirm()}>
          <PreviewRows items={checked.items} type={checked.replaceType} />
        </CheckedBatchCard>
      ) : null}
    </div>
  );
}
