/**
 * A new share link for one of the owner's phones: the phone (fixed when opened from its action sheet), how long the
 * link lives and what viewers may do; then the link itself, to copy or hand to the system share sheet. The token is
 * shown this once (only its digest is kept), so the sheet says so.
 */
import { useEffect, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { copyText } from '../../core/clipboard.ts';
import { errorText } from '../../core/errors-later.ts';
import { notify } from '../../core/ui/notify.ts';
import { useBusyAction } from '../../core/ui/use-busy-action.ts';
import { Sheet } from '../../core/ui/sheet.tsx';
import { allPhones, allPhonesLoaded, loadAllPhones } from '../../devices/phone-lists.ts';
import { phonesById } from '../../devices/phone-store.ts';
import { SHARE_PERMISSIONS, SHARE_VALIDITY_HOURS, type SharePermission, type ShareValidityHours } from '../../../shared/contract/share-words.ts';
import { canShareNatively, createShareLink, shareLink } from '../state.ts';

interface CreateShareSheetProps {
  clientNo: string;
  /** The phone chosen already (from its action sheet); otherwise the owner picks one. */
  phoneId: number | null;
  onClose: () => void;
}

function Choice<K extends string | number>(props: { name: string; legend: string; options: readonly K[]; value: K; label: (key: K) => string; onChange: (key: K) => void }) {
  return (
    <fieldset class="share-form__group">
      <legend class="field__label">{props.legend}</legend>
      {props.options.map((option) => (
        <label key={option} class="radio">
          <input type="radio" name={props.name} checked={props.value === option} onChange={() => props.onChange(option)} data-testid={`${props.name}-${option}`} />
          <span>{props.label(option)}</span>
        </label>
      ))}
    </fieldset>
  );
}

function LinkResult({ link, phoneName }: { link: string; phoneName: string }) {
  const copy = async () => {
    if (await copyText(link)) notify(t('common.copied'), 'success');
    else notify(await errorText('errors.copyFailed'));
  };
  const share = () => void navigator.share({ title: t('share.link.shareTitle', { name: phoneName }), url: link }).catch(() => {});
  return (
    <div class="share-form" data-testid="share-link-result">
      <label class="field__label" for="share-link">{t('share.link.label')}</label>
      <input id="share-link" class="share-link" readOnly value={link} onFocus={(event) => event.currentTarget.select()} data-testid="share-link" />
      <p class="muted share-form__note">{t('share.link.hint')}</p>
      <div class="share-form__row">
        <button type="button" class="btn btn--primary" onClick={() => void copy()} data-testid="share-link-copy">{t('share.link.copy')}</button>
        {canShareNatively() ? <button type="button" class="btn" onClick={share}>{t('share.link.share')}</button> : null}
      </div>
    </div>
  );
}

export function CreateShareSheet({ clientNo, phoneId, onClose }: CreateShareSheetProps) {
  const [chosen, setChosen] = useState<number | null>(phoneId);
  const [hours, setHours] = useState<ShareValidityHours>(24);
  const [permission, setPermission] = useState<SharePermission>('view');
  const { busy, run } = useBusyAction();
  const [created, setCreated] = useState<{ link: string; phoneName: string } | null>(null);
  useEffect(() => void loadAllPhones(), []);
  const phones = allPhones.value;
  const selected = chosen ?? phones[0]?.userPhoneId ?? null;
  // The phone store may hold the chosen phone before the whole list comes (home showed it).
  const phoneName = (selected !== null && phonesById.value.get(selected)?.name) || '';
  const unlisted = phoneName || t(allPhonesLoaded.value ? 'share.create.phoneUnavailable' : 'common.loading');

  const submit = async (event: Event) => {
    event.preventDefault();
    if (selected === null) return;
    await run(async () => {
      const answer = await createShareLink(selected, permission, hours);
      setCreated({ link: shareLink(clientNo, answer.token, selected), phoneName });
    });
  };

  return (
    <Sheet title={t(created ? 'share.link.title' : 'share.create.title')} subtitle={phoneName} closeLabel={created ? t('share.link.done') : undefined} onClose={onClose} testId="share-create-sheet">
      {created ? (
        <LinkResult link={created.link} phoneName={created.phoneName} />
      ) : (
        <form class="share-form" onSubmit={submit}>
          <label class="field__label" for="share-phone">{t('share.create.phone')}</label>
          <select id="share-phone" class="share-select" value={selected ?? ''} onChange={(event) => setChosen(Number(event.currentTarget.value))} data-testid="share-phone">
            {selected !== null && !phones.some((phone) => phone.userPhoneId === selected) ? <option value={selected}>{unlisted}</option> : null}
            {phones.map((phone) => (
              <option key={phone.userPhoneId} value={phone.userPhoneId}>{phone.name}</option>
            ))}
          </select>
          <Choice name="share-validity" legend={t('share.create.validity')} options={SHARE_VALIDITY_HOURS} value={hours} label={(h) => t(`share.validity.h${h}`)} onChange={setHours} />
          <Choice name="share-permission" legend={t('share.create.permission')} options={SHARE_PERMISSIONS} value={permission} label={(p) => t(`share.permission.${p}`)} onChange={setPermission} />
          <p class="muted share-form__note">{t('share.create.note')}</p>
          <button type="submit" class="btn btn--primary btn--block" disabled={busy || selected === null} data-testid="share-create">
            {t(busy ? 'share.create.creating' : 'share.create.submit')}
          </button>
        </form>
      )}
    </Sheet>
  );
}
