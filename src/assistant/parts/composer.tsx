/**
 * The composer pinned under the chat: the question box, voice input (only where the browser recognises speech),
 * Send, which reads Stop while an answer comes. Its message line says why a question was not sent (offline, the server
 * unreachable, a refusal, a voice failure); the box keeps what was typed in every case.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { MAX_QUESTION_CHARS } from '../../../shared/contract/assistant-words.ts';
import { locale, t } from '../../core/i18n/index.ts';
import { answering, appendText, ask, composerNotice, draft, stopAnswer } from '../state.ts';
import { listen, recognitionClass, type Listening } from '../voice.ts';

function VoiceButton() {
  const [listening, setListening] = useState<Listening | null>(null);
  useEffect(() => () => listening?.stop(), [listening]);
  // Asked at render: a browser without recognition never shows the button (spec §8 has no "unsupported" message).
  if (!recognitionClass()) return null;
  const toggle = () => {
    if (listening) return listening.stop();
    composerNotice.value = null;
    const session = listen(locale.value, {
      heard: (text) => (draft.value = appendText(draft.value, text)),
      failed: (key) => (composerNotice.value = t(key)),
      ended: () => setListening(null),
    });
    setListening(session);
  };
  return (
    // A toggle keeps its name: aria-pressed says it is listening (a name that changed too would say it twice).
    <button type="button" class={`ai-icon-btn${listening ? ' ai-icon-btn--on' : ''}`} aria-pressed={listening ? 'true' : 'false'}
      aria-label={t('assistant.voice')} title={t(listening ? 'assistant.listening' : 'assistant.voice')} data-testid="voice-button" onClick={toggle}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3z" fill="currentColor" />
        <path d="M6 11a6 6 0 0 0 12 0M12 17v4" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
      </svg>
    </button>
  );
}

export function Composer({ conversationId }: { conversationId: number | null }) {
  const box = useRef<HTMLTextAreaElement>(null);
  const busy = answering.value;
  // The box grows with a long question (up to its CSS max-height, then it scrolls) and shrinks back once sent.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${element.scrollHeight + 2}px`;
  }, [draft.value]);
  const send = () => {
    if (busy) return;
    void ask(draft.value, conversationId);
  };
  return (
    <form class="ai-composer" data-testid="composer" onSubmit={(event) => {
      event.preventDefault();
      send();
    }}>
      {composerNotice.value ? (
        <p class="ai-composer__notice" id="ai-composer-notice" role="alert" data-testid="composer-notice">
          {composerNotice.value}
        </p>
      ) : null}
      <div class="ai-composer__row">
        <label class="ai-sr" for="ai-question">
          {t('assistant.inputLabel')}
        </label>
        <textarea
          ref={box}
          id="ai-question"
          class="ai-composer__input"
          rows={1}
          maxLength={MAX_QUESTION_CHARS}
          placeholder={t('assistant.placeholder')}
          value={draft.value}
          aria-describedby={composerNotice.value ? 'ai-composer-notice' : undefined}
          data-testid="question-input"
          onInput={(event) => {
            draft.value = (event.currentTarget as HTMLTextAreaElement).value;
            composerNotice.value = null;
          }}
          onKeyDown={(event) => {
            // Enter sends, Shift+Enter breaks the line; never while an input method is composing (Chinese pinyin).
            if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
              event.preventDefault();
              send();
            }
          }}
        />
        <VoiceButton />
        {/* One button, Send or Stop: the element stays, so focus stays on it as an answer starts and ends. It is
            never disabled (a focused button that is disabled drops focus to the page); an empty box sends nothing. */}
        <button
          type="submit"
          class={`btn ai-composer__send${busy ? '' : ' btn--primary'}`}
          data-testid={busy ? 'stop-answer' : 'send-question'}
          aria-disabled={!busy && !draft.value.trim() ? 'true' : undefined}
          onClick={(event) => {
            if (!busy) return;
            event.preventDefault();
            stopAnswer();
          }}>
          {t(busy ? 'assistant.stop' : 'assistant.send')}
        </button>
      </div>
    </form>
  );
}
