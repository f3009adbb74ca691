/**
 * Spec §1: a visitor on a domain being retired is told so, with the new login address. Started once the first page
 * is idle (index.ts), and only by a build that names old domains (VITE_OLD_DOMAINS): the idle file of every other
 * deployment does not carry it.
 */
import { t } from '../../core/i18n/index.ts';
import { openDialog } from '../../core/ui/dialogs.ts';
import { clientNo } from '../client-state.ts';
import { ensureIdleTexts } from './texts/index.ts';

export interface OldDomainConfig {
  oldDomains: string[];
  newOrigin: string;
}

export function readOldDomainConfig(env: ImportMetaEnv | undefined = import.meta.env): OldDomainConfig {
  return {
    oldDomains: (env?.VITE_OLD_DOMAINS ?? '').split(',').map((host) => host.trim().toLowerCase()).filter(Boolean),
    newOrigin: (env?.VITE_NEW_DOMAIN_ORIGIN ?? '').replace(/\/+$/, ''),
  };
}

/**
 * On an old domain, null when not; else the new login address built from the client number,
 * or an empty link when there is no client number (the notice then says to contact customer service).
 */
export function oldDomainNotice(host: string, number: string, config: OldDomainConfig): { link: string } | null {
  const hostname = host.toLowerCase().replace(/:\d+$/, '');
  if (!config.oldDomains.includes(hostname)) return null;
  if (!number || !config.newOrigin) return { link: '' };
  return { link: `${config.newOrigin}/app/login/${encodeURIComponent(number)}` };
}

export async function showOldDomainNotice(): Promise<void> {
  const notice = oldDomainNotice(location.host, clientNo.value, readOldDomainConfig());
  if (!notice) return;
  await ensureIdleTexts();
  void openDialog({
    title: t('common.notice'),
    message: notice.link ? `${t('app.oldDomain.notice')} ${notice.link}` : t('app.oldDomain.noClient'),
    actions: notice.link
      ? [{ label: t('app.oldDomain.openNewAddress'), primary: true, href: notice.link }, { label: t('common.close') }]
      : [{ label: t('common.ok'), primary: true }],
  });
}
