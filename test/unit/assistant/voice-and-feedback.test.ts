import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { feedbackErrors } from '../../../src/assistant/parts/feedback-sheet.tsx';
import assistantEnUS from '../../../src/assistant/texts/assistant-en-US.ts';
import { listen, recognitionClass, VOICE_TIMEOUT_MS, voiceErrorKey, type Recognition } from '../../../src/assistant/voice.ts';
import { installDictionary } from '../../../src/core/i18n/index.ts';
import { ERRORS_EN_US } from '../error-texts.ts';

// Voice input's rules (src/assistant/voice.ts): where it exists, how its errors map to the catalogue's voice entries,
// its own timeout; and the feedback form's spec §5 checks (src/assistant/parts/feedback-sheet.tsx).

installDictionary('en-US', assistantEnUS, ERRORS_EN_US);

test('recognition is the standard class, else the webkit one, else none (the mic button is hidden)', () => {
  class Standard {}
  class Webkit {}
  assert.is(recognitionClass({ SpeechRecognition: Standard, webkitSpeechRecognition: Webkit }), Standard);
  assert.is(recognitionClass({ webkitSpeechRecognition: Webkit }), Webkit);
  assert.is(recognitionClass({}), null);
  assert.is(recognitionClass({ webkitSpeechRecognition: undefined }), null);
});

test('errors map to the catalogue: permission, timeout, failure; an abort says nothing', () => {
  assert.is(voiceErrorKey('not-allowed'), 'errors.voiceNoMicrophone');
  assert.is(voiceErrorKey('service-not-allowed'), 'errors.voiceNoMicrophone');
  assert.is(voiceErrorKey('no-speech'), 'errors.voiceTimeout');
  assert.is(voiceErrorKey('network'), 'errors.voiceFailed');
  assert.is(voiceErrorKey('audio-capture'), 'errors.voiceFailed');
  assert.is(voiceErrorKey('aborted'), null);
});

/** A recognition the test drives; the last one made is `Fake.last`. */
class Fake implements Recognition {
  static last: Fake | null = null;
  lang = '';
  interimResults = true;
  continuous = true;
  maxAlternatives = 5;
  onresult: Recognition['onresult'] = null;
  onerror: Recognition['onerror'] = null;
  onend: Recognition['onend'] = null;
  started = false;
  aborted = false;
  constructor() {
    Fake.last = this;
  }
  start() {
    this.started = true;
  }
  stop() {
    this.onend?.();
  }
  abort() {
    this.aborted = true;
    this.onerror?.({ error: 'aborted' });
    this.onend?.();
  }
}

function handlers() {
  const log: string[] = [];
  return { log, heard: (text: string) => log.push(`heard ${text}`), failed: (key: string) => log.push(`failed ${key}`), ended: () => log.push('ended') };
}

test('one phrase in the app language: its text is handed back, then the end', () => {
  const h = handlers();
  const session = listen('zh-CN', h, Fake);
  const fake = Fake.last!;
  assert.ok(session && fake.started);
  assert.equal([fake.lang, fake.interimResults, fake.continuous, fake.maxAlternatives], ['zh-CN', false, false, 1]);
  fake.onresult?.({ results: [[{ transcript: '如何续费' }]] });
  fake.onend?.();
  assert.equal(h.log, ['heard 如何续费', 'ended']);
});

test('a refused microphone is said once, and the session ends', () => {
  const h = handlers();
  listen('en-US', h, Fake);
  Fake.last!.onerror?.({ error: 'not-allowed' });
  Fake.last!.onend?.();
  assert.equal(h.log, ['failed errors.voiceNoMicrophone', 'ended']);
});

test('nothing heard within the timeout ends as a timeout, the recognition aborted', () => {
  const timers: Array<() => void> = [];
  const realSetTimeout = globalThis.setTimeout;
  globalThis.setTimeout = ((fn: () => void, ms?: number) => {
    assert.is(ms, VOICE_TIMEOUT_MS);
    timers.push(fn);
    return 0;
  }) as typeof setTimeout;
  try {
    const h = handlers();
    listen('en-US', h, Fake);
    timers[0]!();
    assert.ok(Fake.last!.aborted);
    assert.equal(h.log, ['failed errors.voiceTimeout', 'ended']);
  } finally {
    globalThis.setTimeout = realSetTimeout;
  }
});

test('a recognition that cannot start is a failure', () => {
  class Broken extends Fake {
    override start() {
      throw new Error('already started');
    }
  }
  const h = handlers();
  assert.is(listen('en-US', h, Broken), null);
  assert.equal(h.log, ['failed errors.voiceFailed', 'ended']);
  assert.is(listen('en-US', h, null), null);
});

test('a recognition that cannot even be made is a failure too, said like the others', () => {
  class Refused extends Fake {
    constructor() {
      super();
      throw new DOMException('not allowed here', 'NotAllowedError');
    }
  }
  const h = handlers();
  assert.is(listen('en-US', h, Refused), null);
  assert.equal(h.log, ['failed errors.voiceFailed', 'ended']);
});

test('feedback needs a type and some content of at most 500 characters, worded by the catalogue', () => {
  assert.equal(feedbackErrors(null, ''), { type: 'Please choose a feedback type', content: 'Please enter the feedback content' });
  assert.equal(feedbackErrors('suggestion', '   '), { content: 'Please enter the feedback content' });
  assert.equal(feedbackErrors(null, 'text'), { type: 'Please choose a feedback type' });
  assert.equal(feedbackErrors('other', '好'.repeat(500)), {});
  assert.equal(Object.keys(feedbackErrors('other', '好'.repeat(501))), ['content']);
});

test.run();
