/**
 * The assistant's state: the server's history through the client store (the page shows the newest conversation, or
 * the one it is in), the turns asked on this visit with their answers growing as the stream comes, the composer's
 * text (kept across a failure, a voice result and a visit to a source), and the actions: ask, stop, a new
 * conversation, feedback. A turn the history already holds (by its answer's id) is shown from the history.
 */
import { computed, signal } from '@preact/signals-react';
import type { FeedbackType } from '../../shared/contract/assistant-words.ts';
import { ErrorCode } from '../../shared/error-codes.ts';
import { ApiError, describeError } from '../core/errors.ts';
import { locale, t } from '../core/i18n/index.ts';
import { onSessionCleared } from '../core/session-events.ts';
import { useQuery, type QueryView } from '../core/store/use-query.ts';
import * as api from './api.ts';

export const HISTORY_KEY = ['assistant', 'history'] as const;

export const useHistory = (): QueryView<Awaited<ReturnType<typeof api.chatHistory>>> => useQuery(HISTORY_KEY, api.chatHistory);
export const useSuggestions = (): QueryView<{ list: string[] }> => useQuery(['assistant', 'suggestions', locale.value], api.chatSuggestions, { cached: true, keepPrevious: true });

export type TurnStatus = 'waiting' | 'streaming' | 'done' | 'stopped' | 'failed';

/** One question asked on this visit and its answer as it comes. */
export interface Turn {
  key: number;
  question: string;
  answer: string;
  /** The answer's id and its conversation, from the stream's first event. */
  messageId: number | null;
  conversationId: number | null;
  sources: api.Source[];
  status: TurnStatus;
  /** The language model failed and the built-in answer followed (the `notice` event). */
  fallback: boolean;
}

/** A message as the chat shows it, from the history or from a turn. */
export interface ShownMessage {
  key: string;
  role: 'user' | 'assistant';
  text: string;
  messageId: number | null;
  sources: api.Source[];
  stopped: boolean;
  fallback: boolean;
  /** Still coming (waiting for the first piece, or growing). */
  streaming: boolean;
}

/**
 * The conversation on screen: `chosen` (undefined: the newest of the history; null: a new one not yet started), its
 * messages from the history oldest first, then the turns of it the history does not hold yet.
 */
export function conversationView(history: readonly api.ChatMessage[] | undefined, chosen: number | null | undefined, turns: readonly Turn[]): { conversationId: number | null; messages: ShownMessage[] } {
  const conversationId = chosen === undefined ? (history?.[0]?.conversationId ?? null) : chosen;
  const stored = conversationId === null ? [] : (history ?? []).filter((message) => message.conversationId === conversationId).reverse();
  const known = new Set(stored.map((message) => message.messageId));
  const messages: ShownMessage[] = stored.map((message) => ({
    key: `m${message.messageId}`,
    role: message.role,
    text: message.text,
    messageId: message.role === 'assistant' ? message.messageId : null,
    sources: message.sources,
    stopped: message.stopped,
    fallback: message.fallback,
    streaming: false,
  }));
  for (const turn of turns) {
    // A turn still waiting for its first event belongs to whatever is on screen; the others to their conversation.
    if (turn.conversationId !== null && turn.conversationId !== conversationId) continue;
    if (turn.messageId !== null && known.has(turn.messageId)) continue;
    const streaming = turn.status === 'waiting' || turn.status === 'streaming';
    messages.push({ key: `q${turn.key}`, role: 'user', text: turn.question, messageId: null, sources: [], stopped: false, fallback: false, streaming: false });
    messages.push({ key: `a${turn.key}`, role: 'assistant', text: turn.answer, messageId: turn.messageId, sources: turn.sources, stopped: turn.status === 'stopped', fallback: turn.fallback, streaming });
  }
  return { conversationId, messages };
}

/** Text put back into the composer after a failed question: the question first, then what was typed meanwhile. */
export function restoreDraft(question: string, typed: string): string {
  if (!typed.trim()) return question;
  if (typed.includes(question)) return typed;
  return `${question} ${typed}`;
}

/** A voice result goes after what is in the box, never over it. */
export function appendText(typed: string, heard: string): string {
  const words = heard.trim();
  if (!words) return typed;
  if (!typed.trim()) return words;
  return /\s$/.test(typed) ? `${typed}${words}` : `${typed} ${words}`;
}

/**
 * What the composer says about a question that could not be sent: offline, the server unreachable, or a refusal.
 * Once part of its answer has come the question is not put back (`kept` false), so the catalogue words the failure
 * (a stalled answer: "request timed out") rather than the texts that promise the question is kept.
 */
export function failureText(error: unknown, online: boolean, kept = true): string {
  if (!kept) return describeError(error);
  if (!online) return t('assistant.offline');
  if (error instanceof ApiError && (error.code === ErrorCode.NETWORK || error.code === ErrorCode.TIMEOUT)) return t('assistant.unreachable');
  return describeError(error);
}

export const chosenConversation = signal<number | null | undefined>(undefined);
export const turns = signal<Turn[]>([]);
export const draft = signal('');
/** A message under the composer (offline, a refusal, a voice failure); cleared when the user types or asks. */
export const composerNotice = signal<string | null>(null);
const inFlight = signal<AbortController | null>(null);
export const answering = computed(() => inFlight.value !== null);

let nextKey = 1;

function updateTurn(key: number, change: Partial<Turn> | ((turn: Turn) => Partial<Turn>)): void {
  turns.value = turns.value.map((turn) => (turn.key === key ? { ...turn, ...(typeof change === 'function' ? change(turn) : change) } : turn));
}

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** Asks the composer's question in the conversation on screen; the answer grows in its turn as the stream comes. */
export async function ask(question: string, conversationId: number | null): Promise<void> {
  const text = question.trim();
  if (!text || inFlight.value) return;
  if (!isOnline()) {
    // A tapped suggestion is kept too, in the box, ready to send once back online.
    draft.value = restoreDraft(text, draft.value);
    composerNotice.value = t('assistant.offline');
    return;
  }
  composerNotice.value = null;
  draft.value = '';
  const key = nextKey++;
  turns.value = [...turns.value, { key, question: text, answer: '', messageId: null, conversationId, sources: [], status: 'waiting', fallback: false }];
  const controller = new AbortController();
  inFlight.value = controller;
  try {
    const finished = await api.askQuestion(text, conversationId, {
      meta: ({ conversationId: id, messageId }) => {
        updateTurn(key, { conversationId: id, messageId });
        if (inFlight.value === controller) chosenConversation.value = id;
      },
      token: ({ text: piece }) => updateTurn(key, (turn) => ({ answer: turn.answer + piece, status: 'streaming' })),
      notice: () => updateTurn(key, { fallback: true }),
      sources: (sources) => updateTurn(key, { sources }),
      done: () => updateTurn(key, { status: 'done' }),
    }, controller.signal);
    if (!finished) updateTurn(key, { status: 'stopped' });
  } catch (error) {
    const turn = turns.value.find((item) => item.key === key);
    const kept = !turn?.answer;
    if (turn && kept) {
      // Nothing of an answer came: the question goes back into the box, as if never sent.
      turns.value = turns.value.filter((item) => item.key !== key);
      draft.value = restoreDraft(text, draft.value);
    } else {
      updateTurn(key, { status: 'failed' });
    }
    composerNotice.value = failureText(error, isOnline(), kept);
  } finally {
    if (inFlight.value === controller) inFlight.value = null;
  }
}

/** Stops the answer coming: what came stays, marked stopped (the server stores it so too). */
export function stopAnswer(): void {
  const controller = inFlight.value;
  if (!controller) return;
  inFlight.value = null;
  controller.abort();
  turns.value = turns.value.map((turn) => (turn.status === 'waiting' || turn.status === 'streaming' ? { ...turn, status: 'stopped' } : turn));
}

/** An empty conversation, started by the next question (the suggestions show again). */
export function newConversation(): void {
  stopAnswer();
  turns.value = [];
  chosenConversation.value = null;
  composerNotice.value = null;
}

export const submitFeedback = (type: FeedbackType, content: string, messageId: number | null) => api.sendFeedback(type, content.trim(), messageId);

// Another account must not see this one's conversation or its unsent question.
onSessionCleared(() => {
  stopAnswer();
  turns.value = [];
  chosenConversation.value = undefined;
  draft.value = '';
  composerNotice.value = null;
});
