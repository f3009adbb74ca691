/**
 * activationCode (person layout, purchase gate `activationCode`; `?type=2` when sent here for a renewal):
 * the two ways to use activation codes (a new phone, a renewal), the redeem-code form, and the usage records.
 */
import { useState } from 'react';
import { Link } from 'wouter';
import { t } from '../../core/i18n/index.ts';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { ApiError, describeError } from '../../core/errors.ts';
import { Field } from '../../core/ui/field.tsx';
import { notify } from '../../core/ui/notify.ts';
import { noticeOfError, useBusyAction } from '../../core/ui/use-busy-action.ts';
import { goToPage, pathTo } from '../../app/navigate.ts';
import type { PageProps, RouteSegment } from '../../app/route-types.ts';
import { checkRedeemCode } from '../../../shared/code-list.ts';
import { redeemCode } from '../codes-api.ts';
import '../parts/shop.css';
// Shown once the shop's texts are in (a part of their own: texts/index.ts).
export { ensureShopTexts as ready } from '../texts/index.ts';

type Entry = 'new' | 'renewal';

const ENTRIES: Record<Entry, { segment: RouteSegment; name: 'shop.codes.newPhone' | 'shop.codes.renewal'; hint: 'shop.codes.newPhoneHint' | 'shop.codes.renewalHint' }> = {
  new: { segment: 'add-code', name: 'shop.codes.newPhone', hint: 'shop.codes.newPhoneHint' },
  renewal: { segment: 'renew-code', name: 'shop.codes.renewal', hint: 'shop.codes.renewalHint' },
};

/** Refusals that are about the code itself go under the field; anything else is a notice. */
const FIELD_REFUSALS: number[] = [ErrorCode.REDEEM_CODE_INVALID, ErrorCode.REDEEM_CODE_USED];

function RedeemForm() {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useBusyAction();
  const [done, setDone] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    const rule = checkRedeemCode(code);
    if (rule) return setError(t(rule));
    await run(async () => {
      await redeemCode(code.trim());
      setCode('');
      setDone(true);
      notify(t('shop.codes.redeem.done'), 'success');
    }, (failure) => {
      if (failure instanceof ApiError && FIELD_REFUSALS.includes(failure.code)) setError(describeError(failure));
      else noticeOfError(failure);
    });
  };

  return (
    <form class="card" onSubmit={submit} noValidate>
      <h2 class="card__title">{t('shop.codes.redeem.title')}</h2>
      <Field
        id="redeem-code"
        label={t('shop.codes.redeem.label')}
        placeholder={t('shop.codes.redeem.placeholder')}
        autoComplete="off"
        value={code}
        error={error}
        onInput={(value) => {
          setCode(value);
          setError(null);
          setDone(false);
        }}
      />
      <button type="submit" class="btn btn--primary btn--block" disabled={busy} data-testid="redeem-submit">
        {t('shop.codes.redeem.submit')}
      </button>
      {done ? (
        <p class="code-done" data-testid="redeem-done">
          <span>{t('shop.codes.redeem.done')}</span>
          <Link href={pathTo('my-coupon')}>{t('shop.codes.redeem.viewCoupons')}</Link>
        </p>
      ) : null}
    </form>
  );
}

export default function ActivationCodePage({ query }: PageProps) {
  // Sent here to renew (purchase gating, `type=2`): the renewal entry comes first and is marked.
  const renewal = query.get('type') === '2';
  const order: Entry[] = renewal ? ['renewal', 'new'] : ['new', 'renewal'];
  return (
    <div class="shop-page">
      <h2 class="section-title">{t('shop.codes.title')}</h2>
      <div class="menu">
        {order.map((entry) => {
          const current = renewal && entry === 'renewal';
          return (
            <button
              key={entry}
              type="button"
              class={`code-entry${current ? ' code-entry--current' : ''}`}
              aria-current={current ? 'true' : undefined}
              data-testid={`code-entry-${entry}`}
              onClick={() => goToPage(ENTRIES[entry].segment)}
            >
              <span class="code-entry__text">
                <span class="code-entry__name">{t(ENTRIES[entry].name)}</span>
                <span class="code-entry__hint">{t(ENTRIES[entry].hint)}</span>
              </span>
              <span class="menu__chevron" aria-hidden="true">›</span>
            </button>
          );
        })}
      </div>
      <RedeemForm />
      <Link class="code-record-link" href={pathTo('code-record')} data-testid="code-record-link">
        {t('shop.codes.records')}
      </Link>
    </div>
  );
}
