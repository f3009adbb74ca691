/**
 * useAuthorizationCode (code layout): type a grant code, see what it grants (validate-auth-code: phone, permission,
 * days, end, owner), then redeem it; the phone then shows among my authorized devices. A refusal (invalid, used,
 * my own, my limit reached, too many guesses) shows under the code, which stays as typed.
 */
import { useEffect, useRef, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { Field } from '../../core/ui/field.tsx';
import { notify } from '../../core/ui/notify.ts';
import { useBusyAction } from '../../core/ui/use-busy-action.ts';
import { errorInto } from '../../core/ui/error-into.ts';
import { goToPage } from '../../app/navigate.ts';
import type { PageProps } from '../../app/route-types.ts';
import { normalizeGrantCode } from '../../../shared/contract/grant-words.ts';
import type { CodePreview } from '../api.ts';
import { checkGrantCodeInput } from '../rules.ts';
import { previewCode, redeemCode } from '../state.ts';
import '../parts/grant.css';
export { ensureGrantTexts as ready } from '../texts/index.ts';

function Preview({ preview }: { preview: CodePreview }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div data-testid="code-preview">
      <h2 class="grant-result__title" tabIndex={-1} ref={heading}>{t('grant.use.previewTitle')}</h2>
      <dl class="grant-facts">
        <dt>{t('grant.common.phone')}</dt>
        <dd data-testid="code-preview-phone">{t('grant.common.phoneNamed', { name: preview.phoneName, phoneNo: preview.phoneNo })}</dd>
        <dt>{t('grant.common.permission')}</dt>
        <dd data-testid="code-preview-permission">{t(`grant.permission.${preview.permission}`)}</dd>
        <dt>{t('grant.manager.days')}</dt>
        <dd>{t('grant.common.days', { count: preview.days })}</dd>
        <dt>{t('grant.common.expires')}</dt>
        <dd>{formatDateTime(preview.expireTime)}</dd>
        <dt>{t('grant.common.owner')}</dt>
        <dd>{preview.owner}</dd>
      </dl>
    </div>
  );
}

export default function UseAuthorizationCodePage(_props: PageProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [preview, setPreview] = useState<CodePreview | null>(null);
  // A refusal, of the check or of the redeem, shows under the code.
  const { busy, run } = useBusyAction(errorInto(setError));

  const check = (event: Event) => {
    event.preventDefault();
    const rule = checkGrantCodeInput(code);
    setError(rule ? t(rule.key) : undefined);
    if (rule) return;
    void run(async () => setPreview(await previewCode(normalizeGrantCode(code))));
  };

  const redeem = () =>
    void run(async () => {
      await redeemCode(normalizeGrantCode(code));
      notify(t('grant.use.redeemed'), 'success');
      goToPage('authorized-device', { replace: true });
    });

  return (
    <div class="grant-page">
      <form class="card" onSubmit={check} noValidate data-testid="use-code-form">
        <Field
          id="grant-code"
          label={t('grant.use.label')}
          autoComplete="off"
          maxLength={20}
          placeholder={t('grant.use.placeholder')}
          value={code}
          error={error}
          onInput={(value) => {
            setCode(value);
            setError(undefined);
            setPreview(null);
          }}
        />
        {preview ? null : (
          <button type="submit" class="btn btn--primary btn--block" disabled={busy} data-testid="code-check">
            {t('grant.use.check')}
          </button>
        )}
      </form>
      {preview ? (
        <section class="card">
          <Preview preview={preview} />
          <div class="grant-result__actions">
            <button type="button" class="btn btn--primary btn--block" disabled={busy} onClick={redeem} data-testid="code-redeem">
              {t('grant.use.redeem')}
            </button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
