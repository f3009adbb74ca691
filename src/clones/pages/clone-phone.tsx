/**
 * clonePhone (person layout, `?ids=1,2`): the chosen phones, a ready template to choose (with a way to the template
 * list), a confirmation, then the clone order's number and each phone's live progress (server/API.md "Clones and
 * templates"). Entries: the device action sheet and the batch page.
 */
import { useEffect, useRef, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { describe } from '../../core/errors.ts';
import { ChosenSummary } from '../../core/ui/chosen-summary.tsx';
import { openDialog } from '../../core/ui/dialogs.ts';
import { useBusyAction } from '../../core/ui/use-busy-action.ts';
import { errorInto } from '../../core/ui/error-into.ts';
import { useQuery } from '../../core/store/use-query.ts';
import type { PageProps } from '../../app/route-types.ts';
import { goToPage } from '../../app/navigate.ts';
import { permissionKeys } from '../../app/client-state.ts';
import { entryAllowed } from '../../app/entry-rules.ts';
import { usePhones } from '../../devices/phone-lists.ts';
import { phonesById } from '../../devices/phone-store.ts';
import { invalidateQueries } from '../../core/store/query-store.ts';
import { idsOf, liveOrder } from '../clone-rules.ts';
import { cloneOrderKey, fetchCloneOrder, fetchTemplates, startClone, TEMPLATES_KEY } from '../state.ts';
import { TemplateFacts } from '../parts/template-item.tsx';
import '../parts/clones.css';
export { ensureClonesTexts as ready } from '../texts/index.ts';

export default function ClonePhonePage({ query }: PageProps) {
  const [ids] = useState(() => idsOf(query));
  const phones = usePhones(ids).phones;
  const templates = useQuery(TEMPLATES_KEY, fetchTemplates);
  const ready = (templates.data?.list ?? []).filter((template) => template.state === 'ready');
  const limits = templates.data?.limits;
  const [selected, setSelected] = useState<number | null>(null);
  const { busy, run } = useBusyAction();
  const [error, setError] = useState<string | null>(null);
  // The order this page started: read through the store, its phones' progress from the device store's busy poll.
  const [orderNo, setOrderNo] = useState<string | null>(null);
  const order = useQuery(orderNo ? cloneOrderKey(orderNo) : null, fetchCloneOrder(orderNo ?? ''), { cached: true }).data;
  const live = order ? liveOrder(order, phonesById.value) : null;
  const running = live?.items.some((item) => item.status === 'cloning') ?? false;
  const resultHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (orderNo) resultHeading.current?.focus();
  }, [orderNo]);
  // A phone whose clone the poll saw end: the server says whether it is done.
  const ended = live?.ended.join(',') ?? '';
  useEffect(() => {
    if (orderNo && ended) invalidateQueries(cloneOrderKey(orderNo));
  }, [ended]);

  const chosen = ready.find((template) => template.templateId === selected);
  const start = async () => {
    if (!chosen) return setError(t('clones.clone.chooseFirst'));
    setError(null);
    const choice = await openDialog({
      title: t('clones.clone.confirmTitle'),
      message: t('clones.clone.confirmMessage', { name: chosen.name, count: ids.length }),
      actions: [{ label: t('common.cancel') }, { label: t('clones.clone.submit'), primary: true, value: 'yes' }],
    });
    if (choice !== 'yes') return;
    await run(async () => setOrderNo((await startClone(chosen.templateId, ids)).orderNo), errorInto(setError));
  };

  return (
    <div class="clones-page" data-testid="clone-phone">
      <ChosenSummary title={t('clones.clone.phones', { count: ids.length })} count={ids.length} names={phones.map((phone) => phone.name)} testId="clone-phone-count"
        notes={[limits && t('clones.clone.limits', { batch: limits.cloneBatch, day: limits.cloneDay })]} />
      <section class="card" aria-busy={templates.loading}>
        <h2 class="card__title" id="clones-choice-title">{t('clones.clone.choose')}</h2>
        {templates.error && !templates.data ? (
          <div role="alert">
            <p class="field__error">{t('clones.templates.loadFailed')}</p>
            <button type="button" class="btn" onClick={templates.refetch}>{t('clones.templates.retry')}</button>
          </div>
        ) : templates.data && !ready.length ? (
          <p class="muted" data-testid="clone-no-template">{t('clones.clone.none')}</p>
        ) : (
          <div class="clones-choice" role="radiogroup" aria-labelledby="clones-choice-title">
            {ready.map((template) => (
              <label key={template.templateId} class="radio" data-testid="clone-template-choice" data-name={template.name}>
                <input type="radio" name="clone-template" value={template.templateId} checked={selected === template.templateId}
                  onChange={() => { setSelected(template.templateId); setError(null); }} />
                <span class="clones-choice__body">
                  <span class="clones-item__name">{template.name}</span>
                  <TemplateFacts template={template} />
                </span>
              </label>
            ))}
          </div>
        )}
        {/* Where templates are made and removed; not shown where the tenant switched templates off. */}
        {entryAllowed('clone-template', permissionKeys.value) ? (
          <div class="card-actions">
            <button type="button" class="btn btn--block" onClick={() => goToPage('clone-template')} data-testid="clone-manage">{t('clones.clone.manage')}</button>
          </div>
        ) : null}
      </section>
      <div class="clones-actions">
        <button type="button" class="btn btn--primary" disabled={busy || running || !ids.length || !ready.length} onClick={() => void start()} data-testid="clone-start">
          {t('clones.clone.submit')}
        </button>
      </div>
      {error ? <p class="field__error clones-error" role="alert" data-testid="clone-error">{error}</p> : null}
      {order && live ? (
        <section class="card" aria-live="polite" data-testid="clone-order">
          <h2 class="card__title" tabIndex={-1} ref={resultHeading}>{t('clones.clone.result', { name: order.templateName })}</h2>
          <p class="clones-note" data-testid="clone-order-no">{t('clones.clone.orderNo', { orderNo: order.orderNo })}</p>
          <ul class="clones-items">
            {live.items.map((item) => (
              <li key={item.userPhoneId} data-testid="clone-item" data-status={item.status}>
                <span>{item.phoneName}</span>
                <span class={`clones-state--${item.status === 'done' ? 'ready' : item.status === 'failed' ? 'failed' : 'creating'}`}>
                  {item.status === 'cloning' ? t('clones.clone.cloning', { progress: item.progress })
                    : item.status === 'done' ? t('clones.clone.done') : t('clones.clone.failedBecause', { reason: describe(item.code) })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
