/**
 * addCode (person layout): activation codes for new phones (type 1). The pasted text is parsed live
 * (count, duplicates dropped, malformed codes flagged); each code then shows waiting, activating and its
 * outcome. Phones the codes open join the device list at once.
 */
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import { notify } from '../../core/ui/notify.ts';
import { useBusyAction } from '../../core/ui/use-busy-action.ts';
import { pathTo } from '../../app/navigate.ts';
import type { PageProps } from '../../app/route-types.ts';
import { phonesChangedOnServer } from '../../devices/state.ts';
import { checkCodeList, MAX_CODES_PER_CALL, parseCodeList } from '../../../shared/code-list.ts';
import { activateCodes } from '../codes-api.ts';
import { CodeInput } from '../parts/codes/code-input.tsx';
import { CodeRows, outcomes, type CodeRow } from '../parts/codes/code-rows.tsx';
import '../parts/shop.css';
// Shown once the shop's texts are in (a part of their own: texts/index.ts).
export { ensureShopTexts as ready } from '../texts/index.ts';

export default function AddCodePage(_props: PageProps) {
  const [text, setText] = useState('');
  const list = useMemo(() => parseCodeList(text), [text]);
  /** Rows of the last activation; editing the codes returns to the live preview. */
  const [run, setRun] = useState<CodeRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { busy, run: runBusy } = useBusyAction();

  const preview: CodeRow[] = list.entries.map((entry) => ({ code: entry.code, valid: entry.valid, status: 'waiting' }));
  const rows = run ?? preview;
  const added = run?.some((row) => row.status === 'activated') ?? false;

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    const rule = checkCodeList(list);
    if (rule) return setError(t(rule, { max: MAX_CODES_PER_CALL }));
    const codes = list.valid;
    setError(null);
    await runBusy(async () => {
      setRun(codes.map((code) => ({ code, valid: true, status: 'activating' })));
      const results = outcomes(codes, await activateCodes(codes, 1));
      setRun(codes.map((code, index) => ({ code, valid: true, ...results[index]! })));
      if (results.some((result) => result.status === 'activated')) {
        notify(t('shop.codes.added'), 'success');
        phonesChangedOnServer();
      }
    }, (failure) => {
      // The call as a whole was refused (or never answered): nothing to report per code.
      setRun(null);
      setError(describeError(failure));
    });
  };

  return (
    <div class="shop-page">
      <form class="card" onSubmit={submit} noValidate>
        <CodeInput
          id="activation-codes"
          value={text}
          list={list}
          error={error}
          onInput={(value) => {
            setText(value);
            setRun(null);
            setError(null);
          }}
        />
        <button type="submit" class="btn btn--primary btn--block" disabled={busy} data-testid="codes-activate">
          {t(busy ? 'shop.codes.activating' : 'shop.codes.activate')}
        </button>
      </form>
      <CodeRows rows={rows} />
      {added ? (
        <p class="code-done">
          <span>{t('shop.codes.added')}</span>
          <Link href={pathTo('')} data-testid="codes-view-devices">{t('shop.codes.viewDevices')}</Link>
        </p>
      ) : null}
    </div>
  );
}
