/**
 * transferDevice (device layout, `?ids=1,2`): the phones to transfer (preselected from the address, editable up to
 * the tenant's batch limit), the receiving account (mobile or user number), a check that shows per phone what will
 * happen (give-check), then a confirmation, the transfer (give) and its result per phone. Changing the phones or the
 * receiver after a check asks for a new one: the server checks everything again anyway.
 */
import { useEffect, useRef, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { ApiError, describeError } from '../../core/errors.ts';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { Field } from '../../core/ui/field.tsx';
import { Link } from 'wouter';
import { goToPage, pathTo } from '../../app/navigate.ts';
import type { PageProps } from '../../app/route-types.ts';
import { usePhones } from '../../devices/phone-lists.ts';
import { useCheckedBatch } from '../../devices/use-checked-batch.ts';
import { CheckedBatchCard } from '../../devices/checked-batch-card.tsx';
import { accountInputProblem } from '../../../shared/contract/account-words.ts';
import type { TransferAccount, TransferCheck, TransferResult } from '../api.ts';
import { checkTransferNow, loadTransferLimits, transferLimits, transferLimitsKnown, transferNow } from '../state.ts';
import { PhoneChoice, type PhoneChoiceWords } from '../../devices/phone-choice.tsx';
import { CheckRows, ResultRows } from '../parts/item-rows.tsx';
import '../parts/transfer.css';
// Shown once the transfer texts and the error catalogue are in (texts/index.ts).
export { ensureTransferTexts as ready } from '../texts/index.ts';

/** The refusals of the receiver, shown under its field rather than as a notice. */
const TARGET_CODES: readonly number[] = [ErrorCode.TRANSFER_TARGET_NOT_FOUND, ErrorCode.TRANSFER_SELF];

/** The receiver as the server told it: by its user number too when the user named it so (API.md "Transfers"). */
function receiverText(receiver: TransferAccount): string {
  return receiver.userNo ? t('transfer.device.receiver', receiver) : t('transfer.device.receiverMobile', receiver);
}

function idsOf(query: URLSearchParams): number[] {
  const ids = (query.get('ids') ?? '').split(',').map(Number).filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(ids)];
}

/** The phone choice's words, in the language shown now. */
const phoneWords = (): PhoneChoiceWords => ({
  title: t('transfer.device.phones'),
  none: t('transfer.device.none'),
  choose: t('transfer.device.choose'),
  closePicker: t('transfer.device.closePicker'),
  count: (count, max) => t('transfer.device.count', { count, max }),
  remove: (name) => t('transfer.device.remove', { name }),
  full: (max) => t('transfer.device.full', { max }),
});

export default function TransferDevicePage({ query }: PageProps) {
  useEffect(() => void loadTransferLimits().catch(() => {}), []);
  const limits = transferLimits.value;
  const [selected, setSelected] = useState<number[]>(() => idsOf(query));
  const [target, setTarget] = useState('');
  const [targetError, setTargetError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const chosen = usePhones(selected).phones;
  // A refusal of the receiver goes under its field, any other above the buttons.
  const batch = useCheckedBatch<TransferCheck, TransferResult>({
    check: () => checkTransferNow(selected, target.trim()),
    confirmWords: (checked, count) => ({
      title: t('transfer.device.confirmTitle'),
      message: t('transfer.device.confirmMessage', { count, mobile: checked.receiver.mobile || checked.receiver.userNo }),
      action: t('transfer.device.confirm', { count }),
    }),
    submit: (_checked, accepted) => transferNow(accepted, target.trim()),
    onError: (refusal) => {
      if (refusal instanceof ApiError && TARGET_CODES.includes(refusal.code)) setTargetError(describeError(refusal));
      else setError(describeError(refusal));
    },
  });
  const { busy, checked, accepted, result } = batch;

  // The address may name more phones than the tenant's batch limit: the first ones are kept, once the limit is known.
  const known = transferLimitsKnown.value;
  useEffect(() => {
    if (known && selected.length > limits.batch) setSelected(selected.slice(0, limits.batch));
  }, [known, limits.batch]);
  // The button that was pressed goes away with each step: focus moves to what the step shows.
  useEffect(() => {
    if (result) resultHeading.current?.focus();
  }, [result]);

  const edit = () => {
    batch.edit();
    setError(null);
  };

  const check = async (event: Event) => {
    event.preventDefault();
    const problem = accountInputProblem(target);
    setTargetError(problem ? t(`transfer.target.${problem}`) : null);
    setError(null);
    if (problem || !selected.length) return;
    await batch.check();
  };

  const startOver = () => {
    batch.startOver();
    setSelected([]);
  };

  const recordsLink = (
    <Link class="transfer-records-link" href={pathTo('transfer-list')} data-testid="transfer-records-link">
      {t('transfer.device.records')}
    </Link>
  );

  if (result) {
    return (
      <div class="transfer-page">
        <section class="card transfer-section" data-testid="transfer-done" data-status={result.status}>
          <h2 class="card__title" tabIndex={-1} ref={resultHeading}>{t('transfer.device.result', { status: t(`transfer.status.${result.status}`) })}</h2>
          <p class="muted">{receiverText(result.receiver)}</p>
          <dl class="transfer-facts">
            <dt>{t('transfer.device.orderNo')}</dt>
            <dd data-testid="transfer-order-no">{result.orderNo}</dd>
          </dl>
          <ResultRows items={result.items} />
        </section>
        <div class="transfer-actions">
          <button type="button" class="btn" onClick={startOver} data-testid="transfer-again">{t('transfer.device.again')}</button>
          <button type="button" class="btn btn--primary" onClick={() => goToPage('')} data-testid="transfer-finished">{t('transfer.device.finished')}</button>
        </div>
        {recordsLink}
      </div>
    );
  }

  return (
    <div class="transfer-page">
      <PhoneChoice chosen={chosen} selected={selected} max={limits.batch} onChange={(ids) => { setSelected(ids); edit(); }}
        words={phoneWords()} testIdPrefix="transfer" />
      <p class="muted transfer-rule">{t('transfer.device.rule', { max: limits.batch, hours: limits.expireHours })}</p>
      <form class="card transfer-section" onSubmit={(event) => void check(event)} noValidate>
        <Field id="transfer-target" label={t('transfer.device.target')} inputMode="numeric" maxLength={20} autoComplete="off"
          placeholder={t('transfer.device.targetPlaceholder')} value={target} error={targetError}
          onInput={(value) => { setTarget(value); setTargetError(null); edit(); }} />
        {checked ? null : (
          <button type="submit" class="btn btn--primary btn--block" disabled={busy || !selected.length} data-testid="transfer-check-submit">
            {t('transfer.device.check')}
          </button>
        )}
      </form>
      {error ? <p class="field__error transfer-error" role="alert" data-testid="transfer-error">{error}</p> : null}
      {checked ? (
        <CheckedBatchCard prefix="transfer" heading={receiverText(checked.receiver)} accepted={accepted.length} busy={busy}
          words={{ none: t('transfer.device.noneOk'), edit: t('transfer.device.edit'), confirm: t('transfer.device.confirm', { count: accepted.length }) }}
          confirmTestId="transfer-confirm" onEdit={edit} onConfirm={() => void batch.confirm()}>
          <CheckRows items={checked.items} />
        </CheckedBatchCard>
      ) : null}
      {recordsLink}
    </div>
  );
}
