import { createParser } from 'eventsource-parser';
import type { Language } from '../types.ts';
import type { HelpPassage } from './passages.ts';

// The relay to an OpenAI-compatible endpoint (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL): the question goes with the
// help passages in the system prompt, and the model's streamed answer comes back piece by piece. Any failure (no
// connection, a non-2xx reply, no first piece in time, a stream that is not the expected JSON) throws, and the caller
// answers with the built-in answer instead.

export interface LlmOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** How long the first piece, and each later one, may take (default 15 s): a model silent that long is taken as down. */
  firstTokenTimeoutMs?: number;
}

export const DEFAULT_FIRST_TOKEN_TIMEOUT_MS = 15_000;

/**
 * LLM_BASE_URL (http or https, e.g. https://api.example.com/v1), LLM_MODEL and LLM_API_KEY from the environment:
 * none set means no model (the built-in answers); a base URL needs a model; the key may be empty (a local server).
 * Throws the message main.ts stops on.
 */
export function llmFromEnv(env: Record<string, string | undefined>): LlmOptions | undefined {
  const baseUrl = env.LLM_BASE_URL?.trim() ?? '';
  const model = env.LLM_MODEL?.trim() ?? '';
  const apiKey = env.LLM_API_KEY?.trim() ?? '';
  if (!baseUrl && !model && !apiKey) return undefined;
  if (!baseUrl) throw new Error('LLM_MODEL and LLM_API_KEY need LLM_BASE_URL');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`LLM_BASE_URL must be an http or https URL, got "${baseUrl}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`LLM_BASE_URL must be an http or https URL, got "${baseUrl}"`);
  if (!model) throw new Error('LLM_BASE_URL needs LLM_MODEL (the model to ask)');
  return { baseUrl, model, apiKey };
}

export function systemPrompt(passages: HelpPassage[], language: Language): string {
  const speak = language === 'zh-CN' ? 'Answer in Simplified Chinese.' : 'Answer in English.';
  const context = passages.map((p, i) => `[${i + 1}] ${p.title}\n${p.text}`).join('\n\n');
  return [
    'You are the customer assistant of a cloud phone app. Answer only from the help passages below, briefly, in plain text.',
    'If they do not answer the question, say so and suggest contacting customer service.',
    speak,
    '',
    context || '(no passage matched the question)',
  ].join('\n');
}

class RelayError extends Error {}

/** The model's answer, piece by piece. Stops quietly when `signal` aborts (the user stopped the answer). */
export async function* relayLlm(options: LlmOptions, question: string, passages: HelpPassage[], language: Language, signal: AbortSignal): AsyncGenerator<string> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal.addEventListener('abort', abort, { once: true });
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => ((timedOut = true), controller.abort()), options.firstTokenTimeoutMs ?? DEFAULT_FIRST_TOKEN_TIMEOUT_MS);
  };
  arm();
  try {
    const response = await fetch(`${options.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
      body: JSON.stringify({
        model: options.model,
        stream: true,
        messages: [
          { role: 'system', content: systemPrompt(passages, language) },
          { role: 'user', content: question },
        ],
      }),
      signal: controller.signal,
    });
    if (!response.ok || !response.body) throw new RelayError(`The model answered ${response.status}`);
    const pending: string[] = [];
    let finished = false;
    let malformed: string | null = null;
    const parser = createParser({
      onEvent(event) {
        if (event.data === '[DONE]') return void (finished = true);
        try {
          const json = JSON.parse(event.data) as { choices?: { delta?: { content?: unknown } }[] };
          if (!Array.isArray(json.choices)) throw new Error('no choices');
          const content = json.choices[0]?.delta?.content;
          if (typeof content === 'string' && content) pending.push(content);
        } catch (error) {
          malformed ??= `A malformed piece: ${String(error)}`;
        }
      },
    });
    const decoder = new TextDecoder();
    let got = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      parser.feed(decoder.decode(chunk, { stream: true }));
      // The clock stops while the client takes the pieces, and starts again for the next one.
      clearTimeout(timer);
      while (pending.length) {
        got++;
        yield pending.shift()!;
      }
      if (malformed) throw new RelayError(malformed);
      arm();
      if (finished) return;
    }
    if (got === 0) throw new RelayError('The model sent no answer');
  } catch (error) {
    if (signal.aborted) return;
    if (timedOut) throw new RelayError('The model did not answer in time');
    throw error;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', abort);
    controller.abort();
  }
}
