/**
 * agreement, userAgreement, privacyAgreement: the tenant's agreement HTML from the CMS, sanitized,
 * cached as firstAgreementData (user) / secondAgreementData (privacy) so it also shows offline.
 */
import { useEffect, useMemo, useState } from 'react';
import { locale, t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import { sanitizeHtml } from '../../core/sanitize-html.ts';
import { read, write, type AgreementData } from '../../core/storage.ts';
import { loadClient, secureData } from '../../app/client-state.ts';
import { goBack } from '../../app/navigation.ts';
import type { PageProps } from '../../app/routes.ts';
import { getAgreementContent, getRule } from '../api.ts';

const USER_AGREEMENT = 1;
const PRIVACY_AGREEMENT = 2;

function agreementType(routeName: string, query: URLSearchParams): number {
  if (routeName === 'privacyAgreement') return PRIVACY_AGREEMENT;
  if (routeName === 'userAgreement') return USER_AGREEMENT;
  return Number(query.get('type')) === PRIVACY_AGREEMENT ? PRIVACY_AGREEMENT : USER_AGREEMENT;
}

const cacheKey = (type: number) => (type === PRIVACY_AGREEMENT ? 'secondAgreementData' : 'firstAgreementData');

export default function AgreementPage({ clientNo, query, routeName }: PageProps) {
  const type = agreementType(routeName, query);
  // `/agreement?rule=invite` shows a CMS rule text (get-rule) instead of an agreement; rules are not cached.
  const rule = routeName === 'agreement' ? query.get('rule') : null;
  const [agreement, setAgreement] = useState<AgreementData | null>(() => (rule ? null : (read(cacheKey(type)) ?? null)));
  const [error, setError] = useState('');
  const language = locale.value;
  const safeHtml = useMemo(() => (agreement ? sanitizeHtml(agreement.content) : ''), [agreement]);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      // The router skips the client lookup for agreement paths; the tenant is still needed to ask for its text.
      if (!secureData.value && clientNo) await loadClient(clientNo);
      try {
        if (rule) {
          const data = await getRule(rule);
          if (!cancelled) setAgreement({ type, name: data.name, content: data.content });
          return;
        }
        const data = await getAgreementContent(type);
        if (cancelled) return;
        setAgreement(data);
        setError('');
        write(cacheKey(type), data);
      } catch (failure) {
        if (!cancelled) setError(describeError(failure));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [type, rule, clientNo, language]);

  return (
    <article class="card agreement" data-testid="agreement">
      {routeName === 'agreement' ? (
        <button type="button" class="btn btn--link" onClick={() => goBack(clientNo)}>
          {t('common.back')}
        </button>
      ) : null}
      <h2>{agreement?.name ?? t(type === PRIVACY_AGREEMENT ? 'agreement.privacy' : 'agreement.user')}</h2>
      {agreement ? (
        <div class="agreement__content" dangerouslySetInnerHTML={{ __html: safeHtml }} />
      ) : error ? (
        <p class="field__error" role="alert">
          {t('agreement.loadFailed')}: {error}
        </p>
      ) : (
        <p class="muted">{t('common.loading')}</p>
      )}
    </article>
  );
}
