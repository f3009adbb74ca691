/**
 * The AI assistant (src/assistant/, server/API.md "Assistant"): questions in English and Chinese answered as a stream
 * that grows on screen, with sources that open their help page; stopping an answer midway; feedback refused without
 * a type (the message next to the field, the text kept) and accepted with one; voice input hidden where the browser
 * has no speech recognition and its permission failure worded; offline and an unreachable server keep the question.
 */
import { expect, test, type Page } from '@playwright/test';
import { appUrl, person, serverDb } from './helpers.ts';

/** person() starts in English on every load; a later init script runs after it and wins. */
async function useLanguage(page: Page, language: 'en-US' | 'zh-CN'): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('language', JSON.stringify(value)), language);
}

async function openAssistant(page: Page): Promise<void> {
  await page.goto(appUrl('/ai-assistant/demo'));
  await expect(page.getByTestId('assistant-page')).toBeVisible();
}

/**
 * Records every text the newest answer shows, with its state, from the moment it is called: the proof that the
 * answer grew on screen rather than arriving whole, with no timing of our own.
 */
async function recordAnswers(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: { state: string; text: string }[] = [];
    (window as unknown as { __answers: typeof seen }).__answers = seen;
    new MutationObserver(() => {
      const answers = document.querySelectorAll('[data-testid="chat-answer"]');
      const answer = answers[answers.length - 1];
      if (!answer) return;
      const text = answer.querySelector('[data-testid="answer-text"]')?.textContent ?? '';
      const state = answer.getAttribute('data-state') ?? '';
      const previous = seen[seen.length - 1];
      if (!previous || previous.text !== text || previous.state !== state) seen.push({ state, text });
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

const recorded = (page: Page) => page.evaluate(() => (window as unknown as { __answers: { state: string; text: string }[] }).__answers);

/** The answer grew: a streaming state with part of the final text came before the final one. */
async function expectGrew(page: Page, final: string): Promise<void> {
  const states = await recorded(page);
  const partial = states.filter((entry) => entry.state === 'streaming' && entry.text.length > 0);
  expect(partial.length, JSON.stringify(states)).toBeGreaterThan(1);
  expect(final.startsWith(partial[0]!.text)).toBe(true);
  expect(partial[0]!.text.length).toBeLessThan(final.length);
}

test('an English and a Chinese question are answered as they stream, and a source opens its help page', async ({ browser }) => {
  const { page } = await person(browser);
  await openAssistant(page);
  await expect(page.getByRole('heading', { name: 'AI assistant' })).toBeVisible();
  await expect(page.getByTestId('suggestion').first()).toBeVisible();
  // The conversation's live region is there before the first message, so that message is announced; named once.
  await expect(page.getByRole('log', { name: 'Conversation' })).toBeVisible();
  await expect(page.getByLabel('Conversation', { exact: true })).toHaveCount(1);

  await recordAnswers(page);
  await page.getByTestId('question-input').fill('How do I renew my cloud phone?');
  await page.getByTestId('send-question').click();
  await expect(page.getByTestId('chat-question')).toHaveText(/How do I renew my cloud phone\?/);
  const answer = page.getByTestId('chat-answer');
  // While it comes: a Stop button and a partial text; then done, with its sources. Send and Stop are one button,
  // which keeps the focus throughout.
  await expect(page.getByTestId('stop-answer')).toBeFocused();
  await expect(answer).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('send-question')).toBeFocused();
  const final = (await answer.getByTestId('answer-text').textContent()) ?? '';
  expect(final).toContain('Here is what the help pages say');
  await expectGrew(page, final);
  await expect(page.getByTestId('suggestion')).toHaveCount(0);

  const source = answer.getByTestId('answer-source').first();
  const title = (await source.textContent()) ?? '';
  expect(title.length).toBeGreaterThan(0);
  await source.click();
  await expect(page).toHaveURL(/\/app\/single-page\/demo\?id=[\w-]+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  // Back: the conversation comes from the server's history; the next question is in Chinese, on a Chinese screen.
  await useLanguage(page, 'zh-CN');
  await openAssistant(page);
  await expect(page.getByTestId('chat-answer')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'AI 助手' })).toBeVisible();
  await recordAnswers(page);
  await page.getByTestId('question-input').fill('画面黑屏怎么办？');
  await page.getByTestId('question-input').press('Enter');
  const second = page.getByTestId('chat-answer').nth(1);
  await expect(second).toHaveAttribute('data-state', 'done');
  const chinese = (await second.getByTestId('answer-text').textContent()) ?? '';
  expect(chinese).toContain('帮助文档');
  await expectGrew(page, chinese);
  const zhSource = second.getByTestId('answer-source').first();
  const zhTitle = (await zhSource.textContent()) ?? '';
  await zhSource.click();
  await expect(page.getByRole('heading', { name: zhTitle })).toBeVisible();

  // A new conversation is empty, with the suggestions again.
  await openAssistant(page);
  await page.getByTestId('new-conversation').click();
  await expect(page.getByTestId('chat-answer')).toHaveCount(0);
  await expect(page.getByTestId('suggestion').first()).toBeVisible();
});

test('the suggested question about a black screen is answered with the user help, in each language', async ({ browser }) => {
  for (const [language, question, says, source] of [
    ['en-US', 'The screen is black or stuttering, what can I do?', 'Network check', 'The screen is black or stuttering: what can I do?'],
    ['zh-CN', '画面黑屏或卡顿怎么办？', '网络检测', '画面黑屏或卡顿怎么办？'],
  ] as const) {
    const { page } = await person(browser);
    await useLanguage(page, language);
    await openAssistant(page);
    await page.getByTestId('suggestion').filter({ hasText: question }).click();
    const answer = page.getByTestId('chat-answer');
    await expect(answer).toHaveAttribute('data-state', 'done');
    const text = (await answer.getByTestId('answer-text').textContent()) ?? '';
    // The user's page, in plain sentences: not the developer guide's protocol, no space left where markup was.
    expect(text).toContain(says);
    expect(text).not.toMatch(/hello|JPEG|WebSocket/);
    if (language === 'zh-CN') expect(text).not.toMatch(/[\u3400-\u9fff] [\u3400-\u9fff]| [，。：；]/u);
    await expect(answer.getByTestId('answer-source').first()).toHaveText(source);
    await page.close();
  }
});

test('Stop ends an answer midway: what came stays, marked stopped, shorter than the whole answer', async ({ browser }) => {
  const { page } = await person(browser);
  await openAssistant(page);
  const question = 'How do I share a phone by link?';
  await page.getByTestId('question-input').fill(question);
  await page.getByTestId('send-question').click();
  const first = page.getByTestId('chat-answer').first();
  await expect(first.getByTestId('answer-text')).toBeVisible();
  await page.getByTestId('stop-answer').click();
  await expect(first).toHaveAttribute('data-state', 'stopped');
  await expect(first.getByTestId('answer-stopped')).toHaveText('Stopped');
  await expect(first.getByTestId('answer-source')).toHaveCount(0);
  const stopped = (await first.getByTestId('answer-text').textContent()) ?? '';

  // The same question answered whole, for comparison.
  await page.getByTestId('question-input').fill(question);
  await page.getByTestId('send-question').click();
  const whole = page.getByTestId('chat-answer').nth(1);
  await expect(whole).toHaveAttribute('data-state', 'done');
  const full = (await whole.getByTestId('answer-text').textContent()) ?? '';
  expect(stopped.length).toBeGreaterThan(0);
  expect(stopped.length).toBeLessThan(full.length);
  expect(full.startsWith(stopped)).toBe(true);

  // The server kept it stopped: the history shows it so after a reload.
  await page.reload();
  await expect(page.getByTestId('chat-answer').first()).toHaveAttribute('data-state', 'stopped');
});

test('feedback needs a type: refused next to the field with the text kept, then accepted', async ({ browser }) => {
  const { page, mobile } = await person(browser);
  await openAssistant(page);
  const opener = page.getByTestId('general-feedback');
  await opener.click();
  const sheet = page.getByTestId('feedback-sheet');
  await expect(sheet).toBeVisible();
  const content = `The voice button is great ${mobile}`;
  await sheet.getByTestId('feedback-content').fill(content);
  await sheet.getByTestId('feedback-submit').click();
  await expect(sheet.getByTestId('feedback-type-error')).toHaveText('Please choose a feedback type');
  await expect(sheet.getByTestId('feedback-content')).toHaveValue(content);
  await expect(sheet.getByTestId('feedback-content-error')).toHaveCount(0);
  // Focus went to the field in error.
  await expect(sheet.getByTestId('feedback-type-helpful')).toBeFocused();

  await sheet.getByText('Suggestion').click();
  await expect(sheet.getByTestId('feedback-type-error')).toHaveCount(0);
  await sheet.getByTestId('feedback-submit').click();
  await expect(sheet).toHaveCount(0);
  await expect(page.getByText('Thank you for your feedback')).toBeVisible();
  await expect(opener).toBeFocused();
  const db = serverDb();
  try {
    const row = db.prepare('SELECT type, message_id FROM ai_feedback WHERE content = ?').get(content);
    expect(row).toEqual({ type: 'suggestion', message_id: null });
  } finally {
    db.close();
  }

  // An empty content is refused as well, the chosen type kept.
  await opener.click();
  await sheet.getByText('Other').click();
  await sheet.getByTestId('feedback-submit').click();
  await expect(sheet.getByTestId('feedback-content-error')).toHaveText('Please enter the feedback content');
  await expect(sheet.getByTestId('feedback-type-other')).toBeChecked();
});

test('voice input is hidden without speech recognition', async ({ browser }) => {
  const { page } = await person(browser);
  await page.addInitScript(() => {
    for (const name of ['SpeechRecognition', 'webkitSpeechRecognition']) {
      delete (window as unknown as Record<string, unknown>)[name];
      Object.defineProperty(window, name, { value: undefined, configurable: true });
    }
  });
  await openAssistant(page);
  await expect(page.getByTestId('question-input')).toBeVisible();
  await expect(page.getByTestId('voice-button')).toHaveCount(0);
});

test('voice input: a refused microphone is said, and what is heard is added to the question', async ({ browser }) => {
  const { page } = await person(browser);
  await page.addInitScript(() => {
    const scope = window as unknown as Record<string, unknown>;
    class FakeRecognition {
      lang = '';
      onresult: ((event: unknown) => void) | null = null;
      onerror: ((event: unknown) => void) | null = null;
      onend: (() => void) | null = null;
      start() {
        setTimeout(() => {
          if (scope.__voice === 'deny') this.onerror?.({ error: 'not-allowed' });
          else this.onresult?.({ results: [[{ transcript: scope.__voice }]] });
          this.onend?.();
        });
      }
      stop() {}
      abort() {}
    }
    scope.__voice = 'deny';
    scope.SpeechRecognition = FakeRecognition;
    scope.webkitSpeechRecognition = FakeRecognition;
  });
  await openAssistant(page);
  const voice = page.getByTestId('voice-button');
  await expect(voice).toHaveAccessibleName('Voice input');
  await page.getByTestId('question-input').fill('How do I');
  await voice.click();
  await expect(page.getByTestId('composer-notice')).toHaveText('No microphone permission');
  await expect(page.getByTestId('question-input')).toHaveValue('How do I');

  await page.evaluate(() => ((window as unknown as Record<string, unknown>).__voice = 'renew my phone'));
  await voice.click();
  await expect(page.getByTestId('question-input')).toHaveValue('How do I renew my phone');
  await expect(page.getByTestId('composer-notice')).toHaveCount(0);
});

test('offline, or with the server unreachable, the page says so and keeps the question', async ({ browser }) => {
  const { page } = await person(browser);
  await openAssistant(page);
  await expect(page.getByTestId('suggestion').first()).toBeVisible();
  const question = 'How do I use an activation code?';

  await page.context().setOffline(true);
  await page.getByTestId('question-input').fill(question);
  await page.getByTestId('send-question').click();
  await expect(page.getByTestId('composer-notice')).toHaveText(/You are offline\. Your question is kept/);
  await expect(page.getByTestId('question-input')).toHaveValue(question);
  await expect(page.getByTestId('chat-answer')).toHaveCount(0);
  await page.context().setOffline(false);

  // Online, but the server cannot be reached: the question comes back into the box.
  await page.route('**/api/ai/chat/ask', (route) => route.abort('connectionrefused'));
  await page.getByTestId('send-question').click();
  await expect(page.getByTestId('composer-notice')).toHaveText(/The server cannot be reached\. Your question is kept/);
  await expect(page.getByTestId('question-input')).toHaveValue(question);
  await expect(page.getByTestId('chat-question')).toHaveCount(0);

  // Reachable again: the same question is answered.
  await page.unroute('**/api/ai/chat/ask');
  await page.getByTestId('send-question').click();
  await expect(page.getByTestId('chat-answer')).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('question-input')).toHaveValue('');
});

test('the profile and the message centre lead to the assistant', async ({ browser }) => {
  const { page } = await person(browser);
  await page.goto(appUrl('/profile/demo'));
  await page.getByTestId('entry-ai-assistant').click();
  await expect(page).toHaveURL(/\/app\/ai-assistant\/demo$/);
  await expect(page.getByTestId('assistant-page')).toBeVisible();
  await page.goto(appUrl('/message-center/demo'));
  await page.getByTestId('message-tab-ai').click();
  await page.getByTestId('open-assistant').click();
  await expect(page).toHaveURL(/\/app\/ai-assistant\/demo$/);
});
