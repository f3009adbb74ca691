/**
 * phone-view and phone-view-switch (spec §2, layout "phone"): the live phone, full height, with the floating
 * toolbar and its panels. phone-view-switch adds a strip to step to the previous or next phone of the list.
 * Leaving either page ends the session (the page's cleanup; the navigator's leave hook does too).
 */
import { useEffect, useRef } from 'react';
import type { PageProps } from '../../app/route-types.ts';
import { ClipboardPanel } from '../parts/clipboard-panel.tsx';
import { ControlRequestBar } from '../parts/control-request-bar.tsx';
import { NetworkOffer } from '../parts/network-offer.tsx';
import { KeyboardInput, usePhysicalKeyboard } from '../parts/keyboard-input.tsx';
import { PhoneSwitcher } from '../parts/phone-switcher.tsx';
import { StreamStage } from '../parts/stream-stage.tsx';
import { SwitchStrip } from '../parts/switch-strip.tsx';
import { QualitySheet, RenameSheet, ToolsHandle, ToolsSheet, VirtualKeyBar } from '../parts/toolbar.tsx';
import { useStreamTouch } from '../parts/use-stream-touch.ts';
import { closeSession, currentPhone, openSession, panel, pauseSession, resumeSession, viewOnly, virtualKeys } from '../session.ts';
import { exitPhoneView } from '../tool-actions.ts';
import { role } from '../live-session.ts';
import { goToPage } from '../../app/navigate.ts';
import { ensureStreamTexts } from '../texts/index.ts';
import { useStageSize } from '../parts/use-stage-size.ts';
import '../phone-view.css';
import lazy from 'preact-iso/lazy';

/** The files domain's upload sheet, with its texts, loaded when the tool is tapped: phone-view carries none of it. */
const UploadSheet = lazy(() => import('../../files/upload-sheet.tsx').then((module) => module.loadUploadSheet()));

/** The route shows the page once its texts are in (src/app/routes.ts). */
export const ready = ensureStreamTexts;

// The stream SDK, which session.ts imports beside the token call, is asked for as soon as this module runs: with the
// page's texts when a tap opens it, or before any tap when an idle list of phones fetched the page (../prefetch.ts).
// A failure is not kept: session.ts's own import asks again.
void import('../../stream/stream-sdk.ts').catch(() => {});

export default function PhoneViewPage({ clientNo, query, routeName }: PageProps) {
  const id = Number(query.get('id'));
  // Set by authorized-device for a view-only grant, so the page offers no input; the stream server enforces it anyway.
  const onlyView = query.get('viewOnly') === '1';
  const area = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const keyboard = useRef<HTMLTextAreaElement>(null);
  const size = useStageSize(area);
  useStreamTouch(stage);
  usePhysicalKeyboard(!onlyView);

  useEffect(() => {
    void openSession({ userPhoneId: id, viewOnly: onlyView, container: stage.current! });
    return closeSession;
  }, [id, onlyView]);

  // Spec: a hidden page pauses the stream (no pictures, no data) and picks it up again once visible.
  useEffect(() => {
    const onVisibility = () => (document.visibilityState === 'hidden' ? pauseSession() : resumeSession());
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      panel.value = 'none';
    };
  }, []);

  const openKeyboard = () => {
    panel.value = 'none';
    keyboard.current?.focus();
  };

  return (
    <div class="phone-view" data-testid="phone-view">
      {routeName === 'phoneViewSwitch' ? <SwitchStrip /> : null}
      <div ref={area} class="phone-view__area">
        <StreamStage
          stageRef={stage}
          width={size.width}
          height={size.height}
          onRetry={() => void openSession({ userPhoneId: id, viewOnly: onlyView, container: stage.current! })}
          onResume={resumeSession}
          onExit={() => exitPhoneView(clientNo)}
          // The owner's phones only: a lent phone is its owner's to check and mend.
          onCheck={onlyView || role.value !== 'owner' ? undefined : () => goToPage('phone-check', { query: `?id=${id}` })}
        />
      </div>
      {virtualKeys.value && !viewOnly.value ? <VirtualKeyBar /> : null}
      <ControlRequestBar />
      <NetworkOffer />
      <ToolsHandle />
      <KeyboardInput inputRef={keyboard} />
      {panel.value === 'tools' ? <ToolsSheet clientNo={clientNo} onKeyboard={openKeyboard} /> : null}
      {panel.value === 'quality' ? <QualitySheet /> : null}
      {panel.value === 'clipboard' ? <ClipboardPanel /> : null}
      {panel.value === 'switcher' ? <PhoneSwitcher /> : null}
      {panel.value === 'rename' ? <RenameSheet /> : null}
      {panel.value === 'upload' && currentPhone.value ? <UploadSheet phoneIds={[currentPhone.value.userPhoneId]} onClose={() => (panel.value = 'none')} /> : null}
    </div>
  );
}
