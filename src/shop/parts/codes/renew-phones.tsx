/**
 * The user's phones as a plain checkbox list for renewal by code. Ticking order is kept: it is the
 * order the codes are paired in (code i renews the i-th ticked phone), and each ticked phone shows its place.
 */
import { t } from '../../../core/i18n/index.ts';
import { describeError } from '../../../core/errors.ts';
import { formatDate } from '../../../core/format.ts';
import { useLoad } from '../../../core/ui/use-load.ts';
import { listPhones, type Phone } from '../../../devices/api.ts';

const PAGE_SIZE = 200;

/** Every phone of the user, page after page; `reload` after a renewal moved expiries. */
export function useMyPhones() {
  // Kept while a reload runs: the ticked list must not blink away after a renewal.
  const mine = useLoad(async () => {
    let collected: Phone[] = [];
    for (let pageNo = 1; ; pageNo++) {
      const page = await listPhones({ pageNo, pageSize: PAGE_SIZE });
      collected = collected.concat(page.list);
      if (collected.length >= page.total || page.list.length === 0) return collected;
    }
  }, [], { keep: true });
  return { phones: mine.data ?? [], loaded: mine.data !== undefined || mine.error !== null, error: mine.error, reload: mine.retry };
}

/** What a pairing row says about a phone. */
export function phoneDetail(phone: Phone): string {
  return `${phone.phoneNo} · ${phone.gradeName} · ${t('shop.codes.renew.expires', { date: formatDate(phone.expireTime) })}`;
}

interface RenewPhonesProps {
  phones: Phone[];
  loaded: boolean;
  error: unknown;
  /** Ticked ids in ticking order. */
  selected: number[];
  onChange: (selected: number[]) => void;
}

export function RenewPhones({ phones, loaded, error, selected, onChange }: RenewPhonesProps) {
  const toggle = (id: number) => onChange(selected.includes(id) ? selected.filter((entry) => entry !== id) : [...selected, id]);
  return (
    <section>
      <div class="section-title renew-toolbar">
        <span>{t('shop.codes.renew.phones')}</span>
        <span data-testid="renew-selected">{t('shop.codes.renew.selected', { count: selected.length })}</span>
      </div>
      {error && !phones.length ? (
        <p class="field__error centered-text" role="alert">{describeError(error)}</p>
      ) : !loaded ? (
        <p class="muted centered-text">{t('common.loading')}</p>
      ) : !phones.length ? (
        <p class="shop-empty">{t('shop.codes.renew.noPhones')}</p>
      ) : (
        <div class="renew-phones" role="group" aria-label={t('shop.codes.renew.phones')} data-testid="renew-phones">
          {phones.map((phone) => {
            const place = selected.indexOf(phone.userPhoneId);
            return (
              <label key={phone.userPhoneId} class="renew-phone" data-testid="renew-phone" data-phone-id={phone.userPhoneId}>
                <input type="checkbox" checked={place >= 0} onChange={() => toggle(phone.userPhoneId)} aria-label={phone.name} />
                <span class="renew-phone__who">
                  <span>{phone.name}</span>
                  <span class="muted">{phoneDetail(phone)}</span>
                </span>
                {place >= 0 ? <span class="renew-phone__order" data-testid="renew-phone-order">{place + 1}</span> : null}
              </label>
            );
          })}
        </div>
      )}
    </section>
  );
}
