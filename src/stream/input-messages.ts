/**
 * What the user sends the phone (touches, keys, text, the clipboard to set or paste) as the protocol's messages, given
 * the client's way of sending input (which refuses while the session only watches). Each says whether it went.
 */
import { MAX_TEXT_CHARS, type StreamClientMessage } from '../../shared/contract/stream-protocol.ts';
import type { StreamClient } from './types.ts';

export type InputSenders = Pick<StreamClient, 'touch' | 'key' | 'text' | 'setClipboard' | 'paste'>;

export function inputSenders(sendInput: (message: StreamClientMessage) => boolean): InputSenders {
  return {
    touch: (action, pointers) => sendInput({ type: 'touch', action, pointers }),
    key: (key) => sendInput({ type: 'key', key }),
    text(text) {
      // The host takes at most MAX_TEXT_CHARS a message: a long paste goes in pieces, in order.
      const chars = Array.from(text);
      let sent = chars.length > 0;
      for (let i = 0; i < chars.length && sent; i += MAX_TEXT_CHARS) sent = sendInput({ type: 'text', text: chars.slice(i, i + MAX_TEXT_CHARS).join('') });
      return sent;
    },
    setClipboard: (text) => sendInput({ type: 'clipboard.set', text }),
    paste: () => sendInput({ type: 'paste' }),
  };
}
