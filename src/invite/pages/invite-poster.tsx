/**
 * invitePoster (person layout): the user's invite poster (poster.ts), drawn on a canvas off screen and shown as a
 * picture, with Save image (a PNG download), Share (the system share sheet, only where it takes files) and Copy link.
 * The invite code is the user's number; the link opens the login page, which keeps it for the invite card.
 */
import { useEffect, useState } from 'react';
import { t, locale } from '../../core/i18n/index.ts';
import { copyText } from '../../core/clipboard.ts';
import { errorText } from '../../core/errors-later.ts';
import { notify } from '../../core/ui/notify.ts';
import { aboutApp, tenantId } from '../../app/client-state.ts';
import type { PageProps } from '../../app/route-types.ts';
import { BRAND_COLOURS, themeFor } from '../../../shared/theme-colours.ts';
import { isGuest, user } from '../../account/state.ts';
import { inviteLink } from '../invite-link.ts';
import { drawPoster } from '../poster.ts';
import '../parts/invite-poster.css';
export { ensureInviteTexts as ready } from '../texts/index.ts';

interface Drawn {
  file: File;
  url: string;
  shareable: boolean;
}

export default function InvitePosterPage({ clientNo }: PageProps) {
  const userNo = isGuest.value ? '' : (user.value?.userNo ?? '');
  const name = aboutApp.value?.clientName || clientNo;
  const logoUrl = aboutApp.value?.logoUrl;
  // Without a nickname the name would fall back to the client's (spec §3), which the poster already shows above.
  const nickname = user.value?.nickname ?? '';
  const theme = themeFor(tenantId.value);
  const language = locale.value;
  const link = userNo ? inviteLink(location.origin, clientNo, userNo) : '';
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!link) return;
    let url = '';
    let current = true;
    setDrawn(null);
    setFailed(false);
    drawPoster(() => document.createElement('canvas'), {
      appName: name,
      logoUrl,
      invites: nickname ? t('invite.invites', { nickname }) : t('invite.invited'),
      codeLabel: t('invite.codeLabel'),
      code: userNo,
      scan: t('invite.scan'),
      link,
      colours: BRAND_COLOURS[theme],
      fontFamily: getComputedStyle(document.body).fontFamily,
    }).then(
      (blob) => {
        if (!current) return;
        const file = new File([blob], 'invite.png', { type: 'image/png' });
        url = URL.createObjectURL(blob);
        const shareable = typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] });
        setDrawn({ file, url, shareable });
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [link, name, logoUrl, nickname, theme, language]);

  if (!userNo) {
    return (
      <div class="invite-poster">
        <p class="card" data-testid="invite-need-account">{t('invite.needAccount')}</p>
      </div>
    );
  }

  const copyLink = async () => {
    if (await copyText(link)) notify(t('common.copied'), 'success');
    else notify(await errorText('errors.copyFailed'));
  };
  const share = async (file: File) => {
    try {
      await navigator.share({ files: [file], title: t('invite.shareTitle', { name }), text: link });
    } catch {
      // Closing the share sheet rejects too; the poster stays, nothing to report.
    }
  };

  return (
    <div class="invite-poster">
      <p class="invite-poster__intro">{t('invite.intro')}</p>
      <div class="invite-poster__frame" aria-busy={!drawn && !failed}>
        {drawn ? (
          <img class="invite-poster__image" src={drawn.url} width="750" height="1200" data-testid="invite-poster-image"
            alt={t('invite.posterAlt', { name, code: userNo })} />
        ) : (
          <p class="invite-poster__status" role={failed ? 'alert' : 'status'} data-testid={failed ? 'invite-poster-failed' : 'invite-poster-drawing'}>
            {t(failed ? 'invite.drawFailed' : 'invite.drawing')}
          </p>
        )}
      </div>
      <div class="invite-poster__actions">
        {drawn ? (
          <a class="btn btn--primary" href={drawn.url} download={`invite-${userNo}.png`} data-testid="invite-save">
            {t('invite.save')}
          </a>
        ) : null}
        {drawn?.shareable ? (
          <button type="button" class="btn btn--ghost" onClick={() => void share(drawn.file)} data-testid="invite-share">
            {t('invite.share')}
          </button>
        ) : null}
        <button type="button" class="btn btn--ghost" onClick={() => void copyLink()} data-testid="invite-copy-link">
          {t('invite.copyLink')}
        </button>
      </div>
      <p class="invite-poster__link">
        <span class="invite-poster__link-label">{t('invite.linkLabel')}</span>
        <span data-testid="invite-link">{link}</span>
      </p>
    </div>
  );
}
