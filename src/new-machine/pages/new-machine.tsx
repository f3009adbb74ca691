/**
 * newMachine (person layout, `?ids=1,2,3`): a change of device model for one phone or several (server/API.md "New
 * machine"). Shows the current model first, then how to change (a random model or one chosen from the catalogue),
 * which fields are regenerated and the parameters that will change; after one confirmation, each phone's result and
 * its reboot's progress live. The record of changes is one link away.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { t } from '../../core/i18n/index.ts';
import { ChosenSummary } from '../../core/ui/chosen-summary.tsx';
import { openDialog } from '../../core/ui/dialogs.ts';
import { useBusyAction } from '../../core/ui/use-busy-action.ts';
import { errorInto } from '../../core/ui/error-into.ts';
import { pathTo } from '../../app/navigate.ts';
import type { PageProps } from '../../app/route-types.ts';
import { usePhones } from '../../devices/phone-lists.ts';
import type { BatchEntry } from '../../../shared/device-types.ts';
import { MOCK_BATCH_LIMIT, MOCK_TYPE_PARAMS } from '../../../shared/contract/new-machine-words.ts';
import { queryData } from '../../core/store/query-store.ts';
import type { ReplyOf } from '../../../shared/contract/endpoint.ts';
import type * as C from '../../../shared/contract/new-machine.ts';
import { changeModels, modelsKey } from '../state.ts';
import { chosenIds } from '../new-machine-rules.ts';
import { CurrentModels } from '../parts/current-models.tsx';
import { ModelChoice, type Choice } from '../parts/model-choice.tsx';
import { ResultRows } from '../parts/result-rows.tsx';
import '../parts/new-machine.css';
// Shown once the new-machine texts and the error catalogue are in (texts/index.ts).
export { ensureNewMachineTexts as ready } from '../texts/index.ts';

/** What the confirmation names as the target: the chosen model (as listed), a random one, or the field regenerated. */
function confirmMessage(choice: Choice, count: number): string {
  if (choice.mode === 'chosen') {
    const models = queryData<ReplyOf<typeof C.listModels>>(modelsKey(choice.manufacturer))?.list ?? [];
    const model = models.find((entry) => entry.modelId === choice.modelId);
    return t('newMachine.confirm.all', { count, target: model ? `${model.manufacturer} ${model.marketName}` : '' });
  }
  if (choice.type === 'ALL') return t('newMachine.confirm.all', { count, target: t('newMachine.confirm.randomModel') });
  return t('newMachine.confirm.field', { count, field: MOCK_TYPE_PARAMS[choice.type].map((param) => t(`newMachine.params.${param}`)).join(', ') });
}

export default function NewMachinePage({ query }: PageProps) {
  const [{ asked, kept: ids }] = useState(() => chosenIds(query));
  const phones = usePhones(ids).phones;
  const [choice, setChoice] = useState<Choice>({ mode: 'random', type: 'ALL', manufacturer: '', modelId: null });
  const { busy, run } = useBusyAction();
  const [error, setError] = useState<string | null>(null);
  const [results, setResults] = useState<BatchEntry[] | null>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (results) resultHeading.current?.focus();
  }, [results]);

  if (!ids.length) return <p class="centered muted">{t('newMachine.noPhones')}</p>;

  const ready = choice.mode === 'random' || choice.modelId !== null;
  const submit = async () => {
    if (!ready) return setError(t('newMachine.chooseModel'));
    setError(null);
    const answer = await openDialog({
      title: t('newMachine.confirm.title'),
      message: confirmMessage(choice, ids.length),
      actions: [{ label: t('common.cancel') }, { label: t('newMachine.submit'), primary: true, value: 'yes' }],
    });
    if (answer !== 'yes') return;
    const request = choice.mode === 'chosen' ? { kind: 'chosen' as const, modelId: choice.modelId! } : { kind: 'random' as const, type: choice.type };
    await run(async () => setResults(await changeModels(ids, request)), errorInto(setError));
  };

  return (
    <div class="nm-page">
      <ChosenSummary title={t('newMachine.phones', { count: ids.length })} count={ids.length} names={phones.map((phone) => phone.name)} testId="nm-phone-count"
        notes={[asked.length > ids.length && t('newMachine.tooMany', { max: MOCK_BATCH_LIMIT })]} />
      <CurrentModels ids={ids} />
      <ModelChoice choice={choice} onChange={(next) => { setChoice(next); setError(null); }} disabled={busy} />
      <div class="nm-actions">
        <button type="button" class="btn btn--primary btn--block" disabled={busy} onClick={() => void submit()} data-testid="nm-submit">
          {t('newMachine.submit')}
        </button>
      </div>
      {error ? <p class="field__error nm-error" role="alert" data-testid="nm-error">{error}</p> : null}
      {results ? (
        <section class="card" aria-live="polite" data-testid="nm-result-card">
          <h2 class="card__title" tabIndex={-1} ref={resultHeading}>{t('newMachine.result.title')}</h2>
          <ResultRows entries={results} />
        </section>
      ) : null}
      <p class="nm-link">
        <Link href={pathTo('new-machine-record', ids.length === 1 ? `?id=${ids[0]}` : '')} class="btn btn--link" data-testid="nm-record-link">
          {t('newMachine.recordLink')}
        </Link>
      </p>
    </div>
  );
}
