/**
 * Voice input through the browser's own speech recognition (`SpeechRecognition`, `webkitSpeechRecognition` in
 * Chromium and Safari): one phrase in the app's language, its text handed back. Where neither exists the mic button
 * is not shown at all. Failures are the catalogue's voice entries (spec §8): no microphone permission, a timeout
 * (no speech, or nothing recognised within VOICE_TIMEOUT_MS), or a failure.
 */
import type { ErrorKey } from '../core/errors.ts';

/** The part of the Web Speech API used here (TypeScript's DOM library does not describe it). */
export interface Recognition {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  maxAlternatives: number;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

type RecognitionClass = new () => Recognition;

/** Without a result this long, listening ends as a timeout (some engines never end on silence by themselves). */
export const VOICE_TIMEOUT_MS = 8000;

export function recognitionClass(scope: object = globalThis): RecognitionClass | null {
  const found = scope as { SpeechRecognition?: RecognitionClass; webkitSpeechRecognition?: RecognitionClass };
  return found.SpeechRecognition ?? found.webkitSpeechRecognition ?? null;
}

/** The catalogue text of a recognition error; null for 'aborted' (this page stopped it, nothing to say). */
export function voiceErrorKey(error: string): ErrorKey | null {
  if (error === 'aborted') return null;
  if (error === 'not-allowed' || error === 'service-not-allowed') return 'errors.voiceNoMicrophone';
  if (error === 'no-speech' || error === 'timeout') return 'errors.voiceTimeout';
  return 'errors.voiceFailed';
}

export interface Listening {
  /** Ends listening; what was heard so far is still handed back. */
  stop(): void;
}

export interface ListenHandlers {
  heard(text: string): void;
  failed(key: ErrorKey): void;
  /** Listening is over, whatever the outcome. */
  ended(): void;
}

/**
 * Starts listening for one phrase; null when the browser has no recognition, or refuses to make or start it (then
 * reported as `errors.voiceFailed`, and ended).
 */
export function listen(language: string, handlers: ListenHandlers, Class = recognitionClass()): Listening | null {
  if (!Class) return null;
  let recognition: Recognition;
  try {
    recognition = new Class();
  } catch {
    // The class exists but refuses (an insecure page, a policy): the user tapped the mic, so it is said.
    handlers.failed('errors.voiceFailed');
    handlers.ended();
    return null;
  }
  let over = false;
  let gotResult = false;
  const end = () => {
    if (over) return;
    over = true;
    clearTimeout(timer);
    handlers.ended();
  };
  const timer = setTimeout(() => {
    if (gotResult || over) return;
    handlers.failed('errors.voiceTimeout');
    recognition.abort();
    end();
  }, VOICE_TIMEOUT_MS);
  recognition.lang = language;
  recognition.interimResults = false;
  recognition.continuous = false;
  recognition.maxAlternatives = 1;
  recognition.onresult = (event) => {
    const text = Array.from(event.results, (result) => result[0]?.transcript ?? '').join('');
    if (!text.trim()) return;
    gotResult = true;
    handlers.heard(text);
  };
  recognition.onerror = (event) => {
    if (over) return;
    const key = voiceErrorKey(event.error);
    if (key) handlers.failed(key);
    end();
  };
  recognition.onend = end;
  try {
    recognition.start();
  } catch {
    handlers.failed('errors.voiceFailed');
    end();
    return null;
  }
  return {
    stop() {
      if (!over) recognition.stop();
    },
  };
}
