/**
 * renewCode (person layout): renewal codes (type 2). Phones are ticked, codes pasted; code i renews the
 * i-th ticked phone, and the pairing is shown before anything is sent. A code count that differs from
 * the phone count is refused here, before any call (spec §5; the server refuses it too).
 */
import { useMemo, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import { notify } from '../../core/ui/notify.ts';
import { useBusyAction } from '../../core/ui/use-busy-action.ts';
import type { PageProps } from '../../app/route-types.ts';
import type { Phone } from '../../devices/api.ts';
import { phonesChangedOnServer } from '../../devices/state.ts';
import { checkCodeList, MAX_CODES_PER_CALL, parseCodeList } from '../../../shared/code-list.ts';
import { activateCodes } from '../codes-api.ts';
import { CodeInput } from '../parts/codes/code-input.tsx';
import { CodeRows, outcomes, type CodeRow, type CodeStatus } from '../parts/codes/code-rows.tsx';
import { phoneDetail, RenewPhones, useMyPhones } from '../parts/codes/renew-phones.tsx';
import '../parts/shop.css';
// Shown once the shop's texts are in (a part of their own: texts/index.ts).
export { ensureShopTexts as ready } from '../texts/index.ts';

interface Sent {
  codes: string[];
  phoneIds: number[];
  outcomes: Array<{ status: CodeStatus; detail?: { code: number; msg: string } }>;
}

export default function RenewCodePage(_props: PageProps) {
  const mine = useMyPhones();
  const [selected, setSelected] = useState<number[]>([]);
  const [text, setText] = useState('');
  const list = useMemo(() => parseCodeList(text), [text]);
  /** The last activation: what was sent and how each code ended. Changing codes or phones clears it. */
  const [sent, setSent] = useState<Sent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useBusyAction();

  const byId = new Map(mine.phones.map((phone) => [phone.userPhoneId, phone]));
  // Ids of phones that are gone (moved to another account, say) are neither paired nor sent.
  const chosen = selected.filter((id) => byId.has(id));
  const label = (id: number | undefined) => {
    const phone: Phone | undefined = id === undefined ? undefined : byId.get(id);
    return phone ? { name: phone.name, detail: phoneDetail(phone) } : null;
  };

  let rows: CodeRow[];
  if (sent) {
    rows = sent.codes.map((code, index) => ({ code, valid: true, ...sent.outcomes[index]!, phone: label(sent.phoneIds[index]) }));
  } else {
    const length = Math.max(list.entries.length, chosen.length);
    rows = Array.from({ length }, (_, index) => {
      const entry = list.entries[index];
      return { code: entry?.code ?? null, valid: entry?.valid ?? true, status: 'waiting', phone: label(chosen[index]) };
    });
  }

  const edited = () => {
    setSent(null);
    setError(null);
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    if (!chosen.length) return setError(t('shop.codes.renew.selectPhone'));
    const rule = checkCodeList(list);
    if (rule) return setError(t(rule, { max: MAX_CODES_PER_CALL }));
    if (list.valid.length !== chosen.length) {
      return setError(t('shop.codes.renew.mismatch', { codes: list.valid.length, phones: chosen.length }));
    }
    const codes = list.valid;
    const phoneIds = [...chosen];
    setError(null);
    await run(async () => {
      setSent({ codes, phoneIds, outcomes: codes.map(() => ({ status: 'activating' })) });
      const results = outcomes(codes, await activateCodes(codes, 2, phoneIds));
      setSent({ codes, phoneIds, outcomes: results });
      // The codes used are done with: only those that failed stay in the box, to be corrected or sent again.
      setText(codes.filter((_, index) => results[index]!.status !== 'activated').join('\n'));
      if (results.some((result) => result.status === 'activated')) {
        notify(t('shop.codes.renewed'), 'success');
        phonesChangedOnServer();
        mine.reload();
      }
    }, (failure) => {
      setSent(null);
      setError(describeError(failure));
    });
  };

  return (
    <form class="shop-page" onSubmit={submit} noValidate>
      <RenewPhones
        phones={mine.phones}
        loaded={mine.loaded}
        error={mine.error}
        selected={chosen}
        onChange={(next) => {
          setSelected(next);
          edited();
        }}
      />
      <div class="card">
        <CodeInput
          id="renewal-codes"
          value={text}
          list={list}
          error={error}
          onInput={(value) => {
            setText(value);
            edited();
          }}
        />
        <p class="code-input__hint">{t('shop.codes.renew.pairing')}</p>
        <button type="submit" class="btn btn--primary btn--block" disabled={busy} data-testid="codes-activate">
          {t(busy ? 'shop.codes.activating' : 'shop.codes.activate')}
        </button>
      </div>
      <CodeRows rows={rows} renewal />
    </form>
  );
}
