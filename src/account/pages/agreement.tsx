/**
 * agreement, userAgreement, privacyAgreement: the tenant's agreement HTML from the CMS, sanitized,
 * cached as firstAgreementData (user) / secondAgreementData (privacy) so it also shows offline.
 */
import { useMemo } from 'react';
import { locale, t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import { sanitizeHtml } from '../../core/sanitize-html.ts';
import { useQuery } from '../../core/store/use-query.ts';
import { read, write } from '../../core/storage.ts';
import { loadClient, secureData } from '../../app/client-state.ts';
import { goBack } from '../../app/navigate.ts';
import type { PageProps } from '../../app/route-types.ts';
import { getAgreementContent, getRule, type AgreementData } from '../account-api.ts';
import '../parts/agreement.css';

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
  const language = locale.value;
  const loaded = useQuery(['account', 'agreement', type, rule, clientNo, language], async (_progress, signal): Promise<AgreementData> => {
    // The router skips the client lookup for agreement paths; the tenant is still needed to ask for its text.
    if (!secureData.value && clientNo) await loadClient(clientNo);
    if (rule) {
      const data = await getRule(rule);
      return { type, name: data.name, content: data.content };
    }
    const data = await getAgreementContent(type);
    if (!signal.aborted) write(cacheKey(type), data);
    return data;
  }, { keepPrevious: true });
  // Until the first answer comes (or when it fails), the copy cached by an earlier visit shows.
  const cached = useMemo(() => (rule ? null : (read(cacheKey(type)) ?? null)), [type, rule]);
  const agreement = loaded.data ?? cached;
  const error = loaded.error ? describeError(loaded.error) : '';
  const safeHtml = useMemo(() => (agreement ? sanitizeHtml(agreement.content) : ''), [agreement]);

  return (
    <article class="card agreement" data-testid="agreement">
      {routeName === 'agreement' ? (
        <button type="button" class="btn btn--link" onClick={() => goBack(clientNo)}>
          {t('common.back')}
        </button>
      ) : null}
      <h2>{agreement?.name ?? t(type === PRIVACY_AGREEMENT ? 'account.agreement.privacy' : 'account.agreement.user')}</h2>
      {agreement ? (
        <div class="agreement__content" dangerouslySetInnerHTML={{ __html: safeHtml }} />
      ) : error ? (
        <p class="field__error" role="alert">
          {t('account.agreement.loadFailed')}: {error}
        </p>
      ) : (
        <p class="muted">{t('common.loading')}</p>
      )}
    </article>
  );
}
