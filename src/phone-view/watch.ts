/**
 * What another domain's page needs to show a live phone without the phone-view pages' tools or the device store: the
 * share viewer's page (src/share). The stage (the picture and its overlays), touches (sent only while the session
 * has control), the stage's size, a session opened with a viewer key, and the texts and styles they use. The stream
 * SDK itself is still imported on demand (live-session.ts).
 */
import { beginSession, startSession } from './live-session.ts';
export { adoptStage } from './live-session.ts';
import './phone-view.css';

export { StreamStage } from './parts/stream-stage.tsx';
export { useStreamTouch } from './parts/use-stream-touch.ts';
export { KeyboardInput, usePhysicalKeyboard } from './parts/keyboard-input.tsx';
export { useStageSize } from './parts/use-stage-size.ts';
export { closeSession, pauseSession, phoneName, problem, resumeSession, streamState, viewOnly } from './live-session.ts';
export { ensureStreamTexts } from './texts/index.ts';

/**
 * Opens a shared phone with a share viewer's key, which is the socket's token itself (no token call, no login): it
 * watches or controls as the stream host says (its hello, then its control messages). A key still on its way (the
 * join) lets the socket open now and sends the key as its first message when it comes.
 */
export function watchPhone(userPhoneId: number, viewerKey: string | Promise<string>, container?: HTMLElement): Promise<void> {
  const mine = beginSession(userPhoneId, false);
  // Without a stage yet, the picture is drawn off the page until one adopts it (adoptStage).
  return startSession(mine, { userPhoneId, viewOnly: false, container: container ?? document.createElement('div'), token: viewerKey });
}
