/**
 * The client's half of self-clocking: pictures are drawn on the surface (canvas-surface.ts) in the order they came,
 * and each is acknowledged once drawn, so the host sends the next only when this one arrived. One replaced by a
 * later whole picture is acknowledged by that one's acknowledgement. A picture that cannot be drawn is acknowledged
 * too, with a request for a whole one; so is a message that does not read as a picture (picture-message.ts).
 * A picture of a socket let go meanwhile says nothing on the next socket.
 */
import type { StreamClientMessage } from '../../shared/contract/stream-protocol.ts';
import type { FrameSurface } from './canvas-surface.ts';
import { readPicture } from './picture-message.ts';
import { heldSince } from './protocol.ts';
import type { StreamEvents } from './types.ts';

export interface PictureReceiverDeps {
  surface: () => FrameSurface;
  send(message: StreamClientMessage): boolean;
  /** The socket now carrying the stream, as an identity. */
  current(): unknown;
  /** A picture arrived, of this many bytes (the stats). */
  counted(bytes: number): void;
  /** A picture was drawn: its size, and its number among the frames this client has drawn. */
  drawn(frame: StreamEvents['frame']): void;
}

export interface PictureReceiver {
  /** Where the surface goes, now or once there is one. */
  mount(container: HTMLElement): void;
  /** Makes the surface (once) and puts it in the container mounted before, if any. */
  attach(): void;
  /** A picture message from the host (`receivedAt`: when it arrived, performance.now()'s clock). */
  receive(data: ArrayBuffer, receivedAt: number): void;
  /** The latest picture's size, or null before the first one. */
  frameSize(): { width: number; height: number } | null;
  /** Removes the surface; attach() makes a new one. */
  destroy(): void;
}

export function createPictureReceiver(deps: PictureReceiverDeps): PictureReceiver {
  let surface: FrameSurface | null = null;
  let container: HTMLElement | null = null;
  let lastFrame: { width: number; height: number } | null = null;
  let frameSeq = 0;

  return {
    mount(element) {
      container = element;
      if (surface) surface.mount(element);
    },
    attach() {
      surface ??= deps.surface();
      if (container) surface.mount(container);
    },
    receive(data, receivedAt) {
      if (!surface) return;
      const picture = readPicture(data);
      if (!picture) return void deps.send({ type: 'refresh' });
      deps.counted(data.byteLength);
      const owner = deps.current();
      void surface.draw(picture).then((outcome) => {
        if (outcome === 'replaced' || owner !== deps.current()) return;
        // How long the picture waited here (a slow device, or a page still loading when an early socket heard it): on a
        // fast link that would read as a slow one, and automatic quality would stay at its first, smallest picture.
        deps.send({ type: 'ack', seq: picture.seq, held: heldSince(receivedAt) });
        if (outcome === 'unusable') return void deps.send({ type: 'refresh' });
        lastFrame = outcome;
        deps.drawn({ ...outcome, seq: ++frameSeq });
      });
    },
    frameSize: () => lastFrame,
    destroy() {
      surface?.destroy();
      surface = null;
    },
  };
}
