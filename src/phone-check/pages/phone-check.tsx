/**
 * phoneCheck (person layout, `?id=N`): one phone's health before use (server/API.md "Phone check"): reachable, status,
 * time left, storage, memory, network latency, each with its figure, and the fix for each problem found: reboot (run
 * here through the devices' actions, then checked again), renew (the renew page), contact support (the about page's
 * customer service), manage apps (the app manager).
 */
import { useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { describe, describeError } from '../../core/errors.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { useBusyAction } from '../../core/ui/use-busy-action.ts';
import { errorInto } from '../../core/ui/error-into.ts';
import { permissionKeys } from '../../app/client-state.ts';
import { entryAllowed } from '../../app/entry-rules.ts';
import { goToPage } from '../../app/navigate.ts';
import type { RouteSegment } from '../../app/route-types.ts';
import type { PageProps } from '../../app/route-types.ts';
import type { CheckFix } from '../../../shared/contract/phone-check-words.ts';
import { rebootAndCheck, usePhoneCheck } from '../state.ts';
import { CheckRow } from '../parts/check-row.tsx';
import '../parts/phone-check.css';
// Shown once the phone-check texts and the error catalogue are in (texts/index.ts).
export { ensurePhoneCheckTexts as ready } from '../texts/index.ts';

/** The page each fix but reboot opens, with the phone in its address. */
const FIX_PAGES: Record<Exclude<CheckFix, 'reboot'>, { segment: RouteSegment; query: (id: number) => string }> = {
  renew: { segment: 'recharge-single-phone', query: (id) => `?id=${id}` },
  support: { segment: 'about-us', query: () => '' },
  apps: { segment: 'app-manager', query: (id) => `?ids=${id}` },
};

function idOf(query: URLSearchParams): number | null {
  const id = Number(query.get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

export default function PhoneCheckPage({ query }: PageProps) {
  const [id] = useState(() => idOf(query));
  const view = usePhoneCheck(id);
  const { busy: rebooting, run } = useBusyAction();
  const [fixError, setFixError] = useState<string | null>(null);
  const check = view.data;

  const canFix = (fix: CheckFix) =>
    fix === 'reboot' ? permissionKeys.value.has('reboot_button') : entryAllowed(FIX_PAGES[fix].segment, permissionKeys.value);

  const runFix = async (fix: CheckFix) => {
    setFixError(null);
    if (fix !== 'reboot') {
      goToPage(FIX_PAGES[fix].segment, { query: FIX_PAGES[fix].query(id!) });
      return;
    }
    await run(async () => {
      const refused = await rebootAndCheck(id!);
      if (refused) setFixError(describe(refused.code, refused.msg));
    }, errorInto(setFixError));
  };

  if (!id) return <p class="field__error check-note" role="alert">{t('phoneCheck.noPhone')}</p>;
  if (!check) {
    return view.error ? (
      <div class="check-page">
        <p class="field__error check-note" role="alert" data-testid="check-error">{describeError(view.error)}</p>
        <div class="check-actions"><button type="button" class="btn btn--block" onClick={view.refetch}>{t('phoneCheck.again')}</button></div>
      </div>
    ) : <p class="muted check-note" role="status">{t('phoneCheck.checking')}</p>;
  }

  const problems = check.checks.filter((item) => item.result === 'problem').length;
  const warnings = check.checks.filter((item) => item.result === 'warning').length;
  const verdict = problems ? t('phoneCheck.problems', { count: problems }) : warnings ? t('phoneCheck.warnings', { count: warnings }) : t('phoneCheck.allGood');
  return (
    <div class="check-page">
      <section class={`card check-section check-summary${problems ? ' check-summary--problem' : ''}`} aria-live="polite" data-testid="check-summary">
        <h2 class="card__title">{check.name}</h2>
        <span class="muted check-summary__phone">{check.phoneNo} · {t('phoneCheck.checkedAt', { time: formatDateTime(check.checkedAt) })}</span>
        <span class="check-summary__verdict" data-testid="check-verdict">{verdict}</span>
      </section>
      <section class="card check-section" aria-label={t('phoneCheck.title')}>
        <ul class="check-list">
          {check.checks.map((item) => <CheckRow key={item.name} item={item} canFix={canFix} onFix={(fix) => void runFix(fix)} busy={rebooting} />)}
        </ul>
      </section>
      {rebooting ? <p class="muted check-note" role="status" data-testid="check-rebooting">{t('phoneCheck.rebooting')}</p> : null}
      {fixError ? <p class="field__error check-note" role="alert" data-testid="check-fix-error">{fixError}</p> : null}
      <div class="check-actions">
        <button type="button" class="btn btn--block" disabled={rebooting || view.loading} onClick={view.refetch} data-testid="check-again">
          {t('phoneCheck.again')}
        </button>
      </div>
    </div>
  );
}
