import type { Language } from '../types.ts';
import { composeAnswer, streamText } from './compose.ts';
import { relayLlm, type LlmOptions } from './llm-relay.ts';
import type { Hit } from './search.ts';

// One answer as a stream of pieces: the model's when one is configured, else (or when it fails) the built-in one.

export interface AnswerOptions {
  llm?: LlmOptions;
  /** The pause between the built-in answer's pieces (0 in tests). */
  tokenDelayMs: number;
  /** Told why the model failed (the answer goes on with the built-in one). */
  logError: (line: string) => void;
}

export type AnswerPiece = { kind: 'token'; text: string } | { kind: 'fallback' };

export async function* answerPieces(options: AnswerOptions, question: string, hits: Hit[], language: Language, signal: AbortSignal): AsyncGenerator<AnswerPiece> {
  if (options.llm) {
    let sent = 0;
    try {
      for await (const text of relayLlm(options.llm, question, hits.map((hit) => hit.passage), language, signal)) {
        sent++;
        yield { kind: 'token', text };
      }
      return;
    } catch (error) {
      options.logError(`[assistant] the language model failed, answering from the help pages: ${String(error)}`);
      yield { kind: 'fallback' };
      // What the model said so far stays; the built-in answer follows on a line of its own.
      if (sent > 0) yield { kind: 'token', text: '\n\n' };
    }
  }
  for await (const text of streamText(composeAnswer(question, hits, language), options.tokenDelayMs, signal)) yield { kind: 'token', text };
}
