import type { Translation } from '../../core/i18n/index.ts';
import type zhCN from './invite-zh-CN.ts';

/** The invite poster's texts (`invite.*`), English. */
const inviteTexts: Translation<typeof zhCN> = {
  invite: {
    title: 'Invite friends',
    intro: 'Friends scan the code or open the link to sign up, then enter your invite code in their personal center.',
    posterAlt: '{{name}} invite poster: invite code {{code}} and a QR code of the invite link',
    invites: '{{nickname}} invites you to join',
    invited: 'A friend invites you to join',
    codeLabel: 'Invite code',
    scan: 'Scan to sign up, then enter the invite code',
    drawing: 'Making the poster…',
    drawFailed: 'The poster could not be made. You can copy the link and send it instead.',
    save: 'Save image',
    share: 'Share',
    copyLink: 'Copy link',
    linkLabel: 'Invite link',
    shareTitle: 'Join me on {{name}}',
    needAccount: 'Log in to invite friends',
  },
};

export default inviteTexts;
