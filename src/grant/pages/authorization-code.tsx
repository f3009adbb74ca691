/**
 * authorizationCode (person layout): lend one of my phones (`?id=`) to another account, or make a code for it; then
 * the result (the code, once, with copy; or the account it went to). Opened without `?id=` (from the records'
 * "new"), it first asks which phone.
 */
import { useEffect, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import { goToPage } from '../../app/navigate.ts';
import type { PageProps } from '../../app/route-types.ts';
import { usePhones, allPhones, allPhonesError, allPhonesLoaded, loadAllPhones } from '../../devices/phone-lists.ts';
import { remainingMs } from '../../devices/state.ts';
import { formatRemaining } from '../../devices/remaining-time.ts';
import { maxGrantDays } from '../../../shared/contract/grant-words.ts';
import type { CreatedGrant } from '../api.ts';
import { GrantForm } from '../parts/grant-form.tsx';
import { GrantResult } from '../parts/grant-result.tsx';
import '../parts/grant.css';
export { ensureGrantTexts as ready } from '../texts/index.ts';

/** The phone to grant, chosen among all of mine (the records' "new authorization"). */
function PhoneChoice() {
  useEffect(() => void loadAllPhones(), []);
  if (allPhonesError.value) return <p class="grant-error" role="alert">{describeError(allPhonesError.value)}</p>;
  if (!allPhonesLoaded.value) return <p class="grant-empty">{t('common.loading')}</p>;
  return (
    <div class="field">
      <label class="field__label" for="grant-phone">{t('grant.common.phone')}</label>
      <select
        id="grant-phone"
        class="grant-select"
        data-testid="grant-phone-choice"
        value=""
        onChange={(event) => goToPage('authorization-code', { replace: true, query: `?id=${(event.currentTarget as HTMLSelectElement).value}` })}
      >
        <option value="" disabled>{t('grant.create.choosePhone')}</option>
        {allPhones.value.map((phone) => (
          <option key={phone.userPhoneId} value={phone.userPhoneId}>{t('grant.common.phoneNamed', { name: phone.name, phoneNo: phone.phoneNo })}</option>
        ))}
      </select>
    </div>
  );
}

export default function AuthorizationCodePage({ query }: PageProps) {
  const id = Number(query.get('id'));
  const known = Number.isSafeInteger(id) && id > 0;
  const { phones, loading, error } = usePhones(known ? [id] : []);
  const [created, setCreated] = useState<CreatedGrant | null>(null);
  useEffect(() => setCreated(null), [id]);
  const phone = phones[0];

  if (created) {
    return (
      <div class="grant-page">
        <GrantResult created={created} />
      </div>
    );
  }
  let body;
  if (!known) body = <PhoneChoice />;
  else if (!phone && loading) body = <p class="grant-empty">{t('common.loading')}</p>;
  else if (!phone) body = <p class="grant-error" role="alert" data-testid="grant-phone-missing">{error ? describeError(error) : t('grant.common.notFound')}</p>;
  else {
    const left = remainingMs(phone);
    const max = maxGrantDays(left);
    body = (
      <>
        <div class="grant-phone" data-testid="grant-phone">
          <span class="grant-phone__name">{phone.name}</span>
          <span class="muted">{formatRemaining(left)}</span>
        </div>
        {max > 0 ? (
          <>
            <p class="grant-note" data-testid="grant-max">{t('grant.create.remaining', { days: max })}</p>
            <GrantForm userPhoneId={phone.userPhoneId} maxDays={max} onCreated={setCreated} />
          </>
        ) : (
          <p class="grant-error" role="alert">{t('grant.create.noDays')}</p>
        )}
      </>
    );
  }
  return (
    <div class="grant-page">
      <div class="card">{body}</div>
    </div>
  );
}
