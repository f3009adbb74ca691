/**
 * appManager (person layout, `?ids=1,2`): the apps of the chosen phones as one list (name, package, version, on how
 * many phones, running), one to choose, and Start / Stop / Uninstall over all the chosen phones (uninstall asks
 * first). The operation's progress and each phone's result show live while it runs (server/API.md "Apps").
 */
import { useEffect, useRef, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { ChosenSummary } from '../../core/ui/chosen-summary.tsx';
import { openDialog } from '../../core/ui/dialogs.ts';
import { useBusyAction } from '../../core/ui/use-busy-action.ts';
import { errorInto } from '../../core/ui/error-into.ts';
import { useQuery } from '../../core/store/use-query.ts';
import type { PageProps } from '../../app/route-types.ts';
import { usePhones } from '../../devices/phone-lists.ts';
import { APP_ACTIONS, APP_BATCH_LIMIT, type AppAction } from '../../../shared/contract/app-words.ts';
import { actionAllowed, idsOf } from '../app-rules.ts';
import { appOperation, appsFetcher, appsKey, clearAppOperation, runAppOperation } from '../state.ts';
import { AppList } from '../parts/app-list.tsx';
import { OperationRows } from '../parts/operation-rows.tsx';
import '../parts/apps.css';
// Shown once the apps texts and the error catalogue are in (texts/index.ts).
export { ensureAppsTexts as ready } from '../texts/index.ts';

export default function AppManagerPage({ query }: PageProps) {
  // The server takes at most APP_BATCH_LIMIT phones at once: the first ones of a longer address are kept.
  const [asked] = useState(() => idsOf(query));
  const ids = asked.slice(0, APP_BATCH_LIMIT);
  const phones = usePhones(ids).phones;
  const apps = useQuery(ids.length ? appsKey(ids) : null, appsFetcher(ids));
  const [selected, setSelected] = useState<string | null>(null);
  const { busy, run: runBusy } = useBusyAction();
  const [error, setError] = useState<string | null>(null);
  const operation = appOperation.value;
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const leaving = useRef<AbortController | null>(null);

  useEffect(() => {
    clearAppOperation();
    const controller = new AbortController();
    leaving.current = controller;
    return () => controller.abort();
  }, []);
  const started = operation?.operationId;
  useEffect(() => {
    if (started) resultHeading.current?.focus();
  }, [started]);

  const list = apps.data?.list ?? [];
  const chosen = list.find((app) => app.packageName === selected);

  const run = async (action: AppAction) => {
    if (!chosen) return setError(t('apps.none'));
    setError(null);
    if (action === 'uninstall') {
      const choice = await openDialog({
        title: t('apps.confirm.title'),
        message: t('apps.confirm.message', { label: chosen.label, count: ids.length }),
        actions: [{ label: t('common.cancel') }, { label: t('apps.confirm.action'), primary: true, value: 'yes' }],
      });
      if (choice !== 'yes') return;
    }
    await runBusy(() => runAppOperation(ids, chosen.packageName, action, leaving.current?.signal), errorInto(setError));
  };

  return (
    <div class="apps-page">
      <ChosenSummary title={t('apps.phones', { count: ids.length })} count={ids.length} names={phones.map((phone) => phone.name)} testId="apps-phone-count"
        notes={[asked.length > ids.length && t('apps.tooMany', { max: APP_BATCH_LIMIT })]} />
      <section class="card" aria-busy={apps.loading}>
        <h2 class="card__title" id="apps-list-title">{t('apps.choose')}</h2>
        {apps.error && !apps.data ? (
          <div role="alert">
            <p class="field__error">{t('apps.loadFailed')}</p>
            <button type="button" class="btn" onClick={apps.refetch}>{t('apps.retry')}</button>
          </div>
        ) : apps.data && !list.length ? (
          <p class="muted">{t('apps.empty')}</p>
        ) : (
          <AppList apps={list} chosenPhones={ids} selected={selected} onSelect={(name) => { setSelected(name); setError(null); }} />
        )}
      </section>
      <div class="apps-actions" role="group" aria-label={chosen ? t('apps.chosen', { label: chosen.label }) : t('apps.choose')}>
        {APP_ACTIONS.map((action) => (
          <button key={action} type="button" class={`btn ${action === 'uninstall' ? 'btn--danger' : 'btn--primary'}`}
            disabled={busy || !ids.length || (chosen !== undefined && !actionAllowed(chosen, action))}
            onClick={() => void run(action)} data-testid={`apps-${action}`}>
            {t(`apps.actions.${action}`)}
          </button>
        ))}
      </div>
      {chosen?.system ? <p class="muted apps-note">{t('apps.systemNoUninstall')}</p> : null}
      {error ? <p class="field__error apps-error" role="alert" data-testid="apps-error">{error}</p> : null}
      {operation ? (
        <section class="card" aria-live="polite" data-testid="apps-operation" data-status={operation.status}>
          <h2 class="card__title" tabIndex={-1} ref={resultHeading}>
            {t('apps.operation.title', {
              action: t(`apps.actions.${operation.action}`),
              label: list.find((app) => app.packageName === operation.packageName)?.label ?? operation.packageName,
              status: t(`apps.status.${operation.status}`),
            })}
          </h2>
          <OperationRows items={operation.items} />
        </section>
      ) : null}
    </div>
  );
}
