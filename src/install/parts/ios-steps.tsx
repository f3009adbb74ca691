/**
 * Safari's three steps to put the app on the home screen, each with a drawing of what to tap (Safari's share icon,
 * its "Add to Home Screen" row, its "Add" button), in the theme's colours.
 */
import { t, type MessageKey } from '../../core/i18n/index.ts';

const STEPS: ReadonlyArray<{ text: MessageKey; picture: 'share' | 'add' | 'confirm' }> = [
  { text: 'install.ios.share', picture: 'share' },
  { text: 'install.ios.add', picture: 'add' },
  { text: 'install.ios.confirm', picture: 'confirm' },
];

function Picture({ kind }: { kind: 'share' | 'add' | 'confirm' }) {
  if (kind === 'share') {
    return (
      <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
        <rect x="12" y="20" width="24" height="22" rx="3" fill="none" stroke="currentColor" stroke-width="3" />
        <path d="M24 6v22M16 14l8-8 8 8" fill="none" stroke="currentColor" stroke-width="3" stroke-linecap="round" stroke-linejoin="round" />
      </svg>
    );
  }
  if (kind === 'add') {
    return (
      <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
        <rect x="9" y="9" width="30" height="30" rx="6" fill="none" stroke="currentColor" stroke-width="3" />
        <path d="M24 16v16M16 24h16" stroke="currentColor" stroke-width="3" stroke-linecap="round" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
      <rect x="4" y="14" width="40" height="20" rx="10" fill="currentColor" />
      <path d="M17 24l5 5 9-10" fill="none" stroke="var(--on-base)" stroke-width="3" stroke-linecap="round" stroke-linejoin="round" />
    </svg>
  );
}

export function IosSteps() {
  return (
    <ol class="install-steps">
      {STEPS.map((step) => (
        <li key={step.picture} class="install-steps__step">
          <span class="install-steps__picture">
            <Picture kind={step.picture} />
          </span>
          <span>{t(step.text)}</span>
        </li>
      ))}
    </ol>
  );
}
