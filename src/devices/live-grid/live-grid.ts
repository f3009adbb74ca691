/**
 * The live grid (server/API.md "Live grid"): the running phones on screen in a 4/9/16-grid show their screens live,
 * a few pictures a second, over one socket for the whole grid. Everything else keeps today's still screenshots:
 * phones that are not running, a hidden page (the socket closes: no data in the background), a poor link (saving
 * data, 2G, or pictures much slower than asked) and a socket that cannot be kept up.
 */
import type { Phone } from '../api.ts';
import { now as serverNow } from '../state.ts';
import type { GridTicket } from '../../../shared/contract/grid-protocol.ts';
import { createGridSocket, type GridSocket, type GridSocketDeps, type GridSocketEvents } from './grid-socket.ts';
import { dropAllPictures, dropPictures, pictureIds, showPicture } from './pictures.ts';
import { FirstPictureDelays, idsToWatch, poorConnection, type ConnectionInfo } from './rules.ts';

/** After a poor link or failed reconnects the grid shows stills this long, then tries live pictures again. */
export const RETRY_LIVE_AFTER_MS = 120_000;
/** How often overdue first pictures are looked for while a socket is up. */
const CHECK_EVERY_MS = 1000;

type Connection = ConnectionInfo & Partial<Pick<EventTarget, 'addEventListener' | 'removeEventListener'>>;

export interface LiveGridDeps extends GridSocketDeps {
  document?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  /** navigator.connection where the browser has one. */
  connection?: () => Connection | undefined;
  /** A monotonic clock for the delays and the retry window. */
  now?: () => number;
}

export interface LiveGrid {
  /** The cards on screen changed (or the list did): watch the running ones among them. */
  show(visible: readonly Phone[]): void;
  /** The grid is gone (list or single view, another page): close the socket, back to stills. */
  stop(): void;
}

export function createLiveGrid(deps: LiveGridDeps = {}): LiveGrid {
  const doc = deps.document ?? document;
  const connection = deps.connection ?? (() => (navigator as Navigator & { connection?: Connection }).connection);
  const clock = deps.now ?? (() => performance.now());
  // The ticket outlives a socket closed for a hidden page: coming back within its ten minutes asks for none.
  const ticketCache: { ticket: GridTicket | null } = { ticket: null };
  const socketDeps: GridSocketDeps = { serverNow, ticketCache, ...deps };
  const delays = new FirstPictureDelays();
  let visible: readonly Phone[] = [];
  let wanted = new Set<number>();
  let running = false;
  let socket: GridSocket | null = null;
  let listenedTo: Connection | undefined;
  let stillsUntil = 0;
  let checkTimer: ReturnType<typeof setInterval> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  const events: GridSocketEvents = {
    watched: (ids) => delays.asked(ids, clock()),
    picture(id, jpeg) {
      delays.arrived(id, clock());
      // A picture already on its way when its card left the screen is not kept.
      if (socket && wanted.has(id)) showPicture(id, jpeg);
    },
    unavailable(ids) {
      delays.excused(ids);
      dropPictures(ids);
    },
    failed: fallBack,
  };

  /** Stills for a while: the link is poor, or the socket cannot be kept up. */
  function fallBack(): void {
    stillsUntil = clock() + RETRY_LIVE_AFTER_MS;
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      update();
    }, RETRY_LIVE_AFTER_MS);
    update();
  }

  function update(): void {
    if (!running) return;
    const stills = poorConnection(connection()) || clock() < stillsUntil;
    wanted = new Set(stills ? [] : idsToWatch(visible));
    // Cards that left the screen or stopped running go back to their still; a hidden page keeps its pictures, so
    // coming back shows the last one until the next arrives.
    dropPictures(pictureIds().filter((id) => !wanted.has(id)));
    if (stills || doc.visibilityState === 'hidden') return closeSocket();
    if (!socket && !wanted.size) return;
    if (!socket) openSocket();
    socket!.watch([...wanted]);
  }

  function openSocket(): void {
    delays.reset();
    socket = createGridSocket(events, socketDeps);
    checkTimer = setInterval(() => {
      delays.check(clock());
      if (delays.slow) fallBack();
    }, CHECK_EVERY_MS);
  }

  function closeSocket(): void {
    socket?.close();
    socket = null;
    if (checkTimer !== null) clearInterval(checkTimer);
    checkTimer = null;
  }

  return {
    show(items) {
      visible = items;
      if (!running) {
        running = true;
        doc.addEventListener('visibilitychange', update);
        listenedTo = connection();
        listenedTo?.addEventListener?.('change', update);
      }
      update();
    },
    stop() {
      if (!running) return;
      running = false;
      doc.removeEventListener('visibilitychange', update);
      listenedTo?.removeEventListener?.('change', update);
      closeSocket();
      if (retryTimer !== null) clearTimeout(retryTimer);
      retryTimer = null;
      visible = [];
      wanted = new Set();
      // Left the grid (another page, logout): the next grid asks for a ticket of its own.
      ticketCache.ticket = null;
      dropAllPictures();
    },
  };
}
