/**
 * What another domain's page needs to show a live phone without the phone-view pages' tools: the share viewer's page
 * (src/share). The stage (the picture and its overlays), touches (sent only while the session has control), the
 * stage's size, the session opened with a viewer key, and the texts and styles they use. The stream SDK itself is
 * still imported on demand by session.ts.
 */
import './phone-view.css';

export { StreamStage } from './parts/stream-stage.tsx';
export { useStreamTouch } from './parts/use-stream-touch.ts';
export { useStageSize } from './parts/use-stage-size.ts';
export { closeSession, openSession, pauseSession, phoneName, problem, resumeSession, streamState, viewOnly } from './session.ts';
export { ensureStreamTexts } from './texts/index.ts';
