/**
 * The grant form of one phone (authorization-code): mode, permission, days with the quick choices, the account in
 * account mode, the agreement. Each rule's message sits next to its field, a server refusal under the field it
 * concerns (else in a notice), and what was typed stays as it is.
 */
import { useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { ApiError, describeError } from '../../core/errors.ts';
import { Field } from '../../core/ui/field.tsx';
import { noticeOfError, useBusyAction } from '../../core/ui/use-busy-action.ts';
import * as C from '../../../shared/reply-codes.ts';
import { GRANT_DAY_OPTIONS, type GrantMode, type GrantPermission } from '../../../shared/contract/grant-words.ts';
import type { CreatedGrant } from '../api.ts';
import { checkGrantAccount, checkGrantDays, type RuleMessage } from '../rules.ts';
import { makeGrant } from '../state.ts';
import { ChoiceGroup } from './choice-group.tsx';

type FieldName = 'days' | 'account' | 'agreement';
type Errors = Partial<Record<FieldName, string>>;

const say = (rule: RuleMessage | null) => (rule ? t(rule.key, rule.params) : undefined);

/** Which field a refusal belongs under; anything else is a notice. */
function fieldOf(code: number): FieldName | null {
  if (code === C.GRANT_DAYS_INVALID || code === C.GRANT_DAYS_OVER_REMAINING) return 'days';
  if (code === C.GRANT_TARGET_NOT_FOUND || code === C.GRANT_SELF || code === C.GRANT_LIMIT_REACHED) return 'account';
  if (code === C.GRANT_AGREEMENT_REQUIRED) return 'agreement';
  return null;
}

interface GrantFormProps {
  userPhoneId: number;
  /** The most days this phone may be granted for (its remaining whole days, at most 999). */
  maxDays: number;
  onCreated: (created: CreatedGrant) => void;
}

export function GrantForm({ userPhoneId, maxDays, onCreated }: GrantFormProps) {
  const [mode, setMode] = useState<GrantMode>('account');
  const [permission, setPermission] = useState<GrantPermission>('control');
  const [days, setDays] = useState('');
  const [account, setAccount] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const { busy, run } = useBusyAction();
  const clear = (field: FieldName) => setErrors((old) => ({ ...old, [field]: undefined }));

  const submit = async (event: Event) => {
    event.preventDefault();
    const next: Errors = {
      days: say(checkGrantDays(days, maxDays)),
      account: mode === 'account' ? say(checkGrantAccount(account)) : undefined,
      agreement: agreed ? undefined : t('grant.errors.agreementRequired'),
    };
    setErrors(next);
    if (next.days || next.account || next.agreement) return;
    const request = { userPhoneId, mode, permission, days: Number(days.trim()), account: account.trim(), agreed };
    await run(async () => onCreated(await makeGrant(request)), (error) => {
      const field = error instanceof ApiError ? fieldOf(error.code) : null;
      if (field) setErrors((old) => ({ ...old, [field]: describeError(error) }));
      else noticeOfError(error);
    });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="grant-form">
      <ChoiceGroup
        name="mode"
        legend={t('grant.mode.label')}
        value={mode}
        options={[{ value: 'account', label: t('grant.mode.account') }, { value: 'code', label: t('grant.mode.code') }]}
        onChange={(value) => {
          setMode(value);
          clear('account');
        }}
      />
      <ChoiceGroup
        name="permission"
        legend={t('grant.common.permission')}
        value={permission}
        options={[{ value: 'control', label: t('grant.permission.control') }, { value: 'view', label: t('grant.permission.view') }]}
        onChange={setPermission}
      />
      <Field
        id="grant-days"
        label={t('grant.create.daysLabel')}
        inputMode="numeric"
        maxLength={3}
        placeholder={t('grant.create.daysPlaceholder', { max: maxDays })}
        value={days}
        error={errors.days}
        onInput={(value) => {
          setDays(value);
          clear('days');
        }}
      />
      <div class="grant-quick" role="group" aria-label={t('grant.create.quick')}>
        {GRANT_DAY_OPTIONS.filter((option) => option <= maxDays).map((option) => (
          <button
            key={option}
            type="button"
            class="btn"
            aria-pressed={days.trim() === String(option)}
            data-testid={`days-${option}`}
            onClick={() => {
              setDays(String(option));
              clear('days');
            }}
          >
            {t('grant.common.days', { count: option })}
          </button>
        ))}
      </div>
      {mode === 'account' ? (
        <Field
          id="grant-account"
          label={t('grant.create.accountLabel')}
          inputMode="tel"
          autoComplete="off"
          maxLength={20}
          placeholder={t('grant.create.accountPlaceholder')}
          value={account}
          error={errors.account}
          onInput={(value) => {
            setAccount(value);
            clear('account');
          }}
        />
      ) : null}
      <details class="grant-agreement">
        <summary>{t('grant.create.agreementTitle')}</summary>
        <p>{t('grant.create.agreementText')}</p>
      </details>
      <label class={`check${errors.agreement ? ' check--invalid' : ''}`}>
        <input
          type="checkbox"
          name="agreed"
          checked={agreed}
          aria-invalid={errors.agreement ? true : undefined}
          aria-describedby={errors.agreement ? 'grant-agreement-error' : undefined}
          data-testid="grant-agreed"
          onChange={(event) => {
            setAgreed((event.currentTarget as HTMLInputElement).checked);
            clear('agreement');
          }}
        />
        <span>{t('grant.create.agreement')}</span>
      </label>
      {errors.agreement ? (
        <p class="field__error grant-agreement__error" id="grant-agreement-error" role="alert">
          {errors.agreement}
        </p>
      ) : null}
      <button type="submit" class="btn btn--primary btn--block" disabled={busy} data-testid="grant-submit">
        {t('grant.create.submit')}
      </button>
    </form>
  );
}
