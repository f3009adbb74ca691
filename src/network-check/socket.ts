/**
 * A line socket (measure.ts LineSocket) over a browser WebSocket to the streaming host: the address is built as the
 * stream's is (VITE_STREAM_SDK_BASE, else the page's origin), so the check crosses the same host and transport.
 */
import { LINE_CHECK_PATH, type LineNumber, type LineServerMessage } from '../../shared/contract/line-check-words.ts';
import { hostSocketUrl, streamBase } from '../stream/stream-url.ts';
import type { LineSocket } from './measure.ts';

export function lineSocketUrl(line: LineNumber, base = streamBase()): string {
  return hostSocketUrl(base, LINE_CHECK_PATH, { line: String(line) });
}

export function openLineSocket(line: LineNumber): LineSocket {
  const ws = new WebSocket(lineSocketUrl(line));
  ws.binaryType = 'arraybuffer';
  const opened = new Promise<void>((resolve, reject) => {
    ws.addEventListener('open', () => resolve());
    ws.addEventListener('close', () => reject(new Error('line socket closed')));
  });
  // Not every caller awaits it (a socket closed after the check is no failure).
  opened.catch(() => {});
  return {
    opened,
    send: (message) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
    },
    onMessage(listener) {
      ws.addEventListener('message', (event: MessageEvent) => {
        if (typeof event.data !== 'string') return listener({ type: 'chunk', bytes: (event.data as ArrayBuffer).byteLength });
        try {
          listener(JSON.parse(event.data) as LineServerMessage);
        } catch {
          // Not the check's message: ignored, the figures stay as measured.
        }
      });
    },
    onClose(listener) {
      ws.addEventListener('close', (event: CloseEvent) => listener(event.code, event.reason), { once: true });
    },
    close: () => ws.close(),
  };
}
