import { settle } from '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render } from 'preact';
import { Composer } from '../../../src/assistant/parts/composer.tsx';
import { answering, draft, stopAnswer } from '../../../src/assistant/state.ts';
import assistantEnUS from '../../../src/assistant/texts/assistant-en-US.ts';
import { configureHttp } from '../../../src/core/http.ts';
import { installDictionary } from '../../../src/core/i18n/index.ts';
import { sessionCleared } from '../../../src/core/session-events.ts';
import { ERRORS_EN_US } from '../error-texts.ts';

// The composer's controls for assistive technology (src/assistant/parts/composer.tsx): Send and Stop are one
// button whose words and action change, so focus stays on it; the mic toggle keeps its name and says its state by
// aria-pressed.

test.before(() => installDictionary('en-US', assistantEnUS, ERRORS_EN_US));

test('Send becomes Stop and back on the same element, which keeps focus and is never disabled', async () => {
  sessionCleared();
  let asked = 0;
  const previous = configureHttp({
    baseURL: 'http://app.test',
    tokens: () => ({ accessToken: 't', refreshToken: 'r' }),
    headers: () => ({}),
    // An answer that never comes: the composer stays busy until stopped.
    fetch: () => {
      asked++;
      return new Promise<Response>(() => {});
    },
  });
  const root = document.createElement('div');
  document.body.append(root);
  try {
    render(<Composer conversationId={null} />, root);
    const button = root.querySelector('[data-testid="send-question"]') as HTMLButtonElement;
    assert.is(button.textContent, 'Send');
    assert.is(button.disabled, false);
    assert.is(button.getAttribute('aria-disabled'), 'true', 'an empty box: marked, not disabled');
    // An empty box sends nothing.
    button.click();
    await settle();
    assert.is(asked, 0);

    draft.value = 'How do I renew?';
    await settle();
    assert.is(button.getAttribute('aria-disabled'), null);
    button.focus();
    button.click();
    await settle();
    assert.is(answering.value, true);
    assert.is(asked, 1);
    assert.is(root.querySelector('[data-testid="stop-answer"]'), button, 'the same element reads Stop');
    assert.is(button.textContent, 'Stop');
    assert.is(document.activeElement, button);

    button.click();
    await settle();
    assert.is(answering.value, false, 'Stop stopped the answer');
    assert.is(asked, 1, 'and sent nothing');
    assert.is(root.querySelector('[data-testid="send-question"]'), button);
    assert.is(button.textContent, 'Send');
    assert.is(button.disabled, false);
    assert.is(document.activeElement, button);
  } finally {
    stopAnswer();
    render(null, root);
    root.remove();
    configureHttp(previous);
  }
});

test('the mic button keeps its name while listening; aria-pressed tells the state', async () => {
  const scope = globalThis as unknown as Record<string, unknown>;
  const made: Array<{ onend: (() => void) | null }> = [];
  class FakeRecognition {
    lang = '';
    interimResults = false;
    continuous = false;
    maxAlternatives = 1;
    onresult = null;
    onerror = null;
    onend: (() => void) | null = null;
    constructor() {
      made.push(this);
    }
    start() {}
    stop() {
      this.onend?.();
    }
    abort() {
      this.onend?.();
    }
  }
  scope.SpeechRecognition = FakeRecognition;
  const root = document.createElement('div');
  document.body.append(root);
  try {
    render(<Composer conversationId={null} />, root);
    const mic = root.querySelector('[data-testid="voice-button"]') as HTMLButtonElement;
    assert.equal([mic.getAttribute('aria-label'), mic.getAttribute('aria-pressed')], ['Voice input', 'false']);
    mic.click();
    await settle();
    assert.is(made.length, 1);
    assert.equal([mic.getAttribute('aria-label'), mic.getAttribute('aria-pressed')], ['Voice input', 'true']);
    mic.click();
    await settle();
    assert.equal([mic.getAttribute('aria-label'), mic.getAttribute('aria-pressed')], ['Voice input', 'false']);
  } finally {
    render(null, root);
    root.remove();
    delete scope.SpeechRecognition;
  }
});

test.run();
