/**
 * homeGuide (layout none): the first-run guide home opens once per account (devices/pages/home.tsx), a few steps
 * over what home offers, each a picture, a title and a line. Skip or Done marks it seen (state.ts) and puts home in
 * its place in the history, so "back" does not return to the guide. Keyboard: the step's title takes the focus
 * when the step changes; the dots are buttons naming their step. Touch: a swipe turns the step.
 */
import { useEffect, useRef, useState } from 'react';
import { t, type MessageKey } from '../../core/i18n/index.ts';
import { goToPage } from '../../app/navigate.ts';
import type { PageProps } from '../../app/route-types.ts';
import { finishGuide } from '../state.ts';
import { GuidePictureView, type GuidePicture } from '../parts/guide-pictures.tsx';
import '../parts/guide.css';
export { ensureGuideTexts as ready } from '../texts/index.ts';

const STEPS: ReadonlyArray<{ picture: GuidePicture; title: MessageKey; text: MessageKey }> = [
  { picture: 'phones', title: 'guide.steps.phones.title', text: 'guide.steps.phones.text' },
  { picture: 'add', title: 'guide.steps.add.title', text: 'guide.steps.add.text' },
  { picture: 'discover', title: 'guide.steps.discover.title', text: 'guide.steps.discover.text' },
  { picture: 'profile', title: 'guide.steps.profile.title', text: 'guide.steps.profile.text' },
];

/** A horizontal move longer than this (px), and longer than it is tall, turns the step. */
const SWIPE_PX = 48;

export default function HomeGuidePage(_props: PageProps) {
  const [index, setIndex] = useState(0);
  const [leaving, setLeaving] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  const turned = useRef(false);
  const touch = useRef<{ x: number; y: number } | null>(null);
  const step = STEPS[index]!;
  const last = index === STEPS.length - 1;

  // Not on arrival (the page's own focus rules hold then), but on every turn: a screen reader reads the new step.
  useEffect(() => {
    if (turned.current) title.current?.focus();
    turned.current = true;
  }, [index]);

  const turn = (to: number) => setIndex(Math.max(0, Math.min(STEPS.length - 1, to)));

  function finish() {
    if (leaving) return;
    setLeaving(true);
    // Home at once: the app's own record says seen already, and the server's call (slow or offline) goes on behind.
    void finishGuide();
    goToPage('', { replace: true });
  }

  return (
    <main class="guide" data-testid="home-guide" data-step={index}
      onTouchStart={(event) => {
        const point = event.touches[0];
        touch.current = point ? { x: point.clientX, y: point.clientY } : null;
      }}
      onTouchEnd={(event) => {
        const start = touch.current;
        const point = event.changedTouches[0];
        touch.current = null;
        if (!start || !point) return;
        const dx = point.clientX - start.x;
        if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(point.clientY - start.y)) turn(index + (dx < 0 ? 1 : -1));
      }}>
      <div class="guide__top">
        <p class="guide__count" data-testid="guide-count">{t('guide.stepOf', { n: index + 1, total: STEPS.length })}</p>
        {last ? null : (
          <button type="button" class="btn btn--ghost guide__skip" onClick={finish} disabled={leaving} data-testid="guide-skip">
            {t('guide.skip')}
          </button>
        )}
      </div>
      <section class="guide__card" aria-labelledby="guide-step-title">
        <GuidePictureView name={step.picture} />
        <h1 id="guide-step-title" class="guide__title" tabIndex={-1} ref={title} data-testid="guide-step-title">
          {t(step.title)}
        </h1>
        <p class="guide__text">{t(step.text)}</p>
      </section>
      <div class="guide__dots" role="group" aria-label={t('guide.stepsLabel')}>
        {STEPS.map((entry, at) => (
          <button key={entry.picture} type="button" class="guide__dot" aria-current={at === index ? 'step' : undefined}
            aria-label={t('guide.goToStep', { n: at + 1, title: t(entry.title) })} onClick={() => turn(at)} data-testid="guide-dot">
            <span aria-hidden="true" />
          </button>
        ))}
      </div>
      <div class="guide__actions">
        {index > 0 ? (
          <button type="button" class="btn btn--ghost" onClick={() => turn(index - 1)} data-testid="guide-back">
            {t('guide.back')}
          </button>
        ) : null}
        {last ? (
          <button type="button" class="btn btn--primary" onClick={finish} disabled={leaving} data-testid="guide-done">
            {t('guide.done')}
          </button>
        ) : (
          <button type="button" class="btn btn--primary" onClick={() => turn(index + 1)} data-testid="guide-next">
            {t('guide.next')}
          </button>
        )}
      </div>
    </main>
  );
}
