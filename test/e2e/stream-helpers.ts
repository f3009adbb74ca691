/** Steps of the phone-view tests: a user with phones of their own, and ways to look at the streamed picture. */
import { expect, type Page, type WebSocket } from '@playwright/test';
import { appUrl, plantPhones, registerNewUser, skipExpiryReminder, useEnglish, type PlantedPhone } from './helpers.ts';

/** The virtual phone's layout space (server/stream/virtual-screen.ts): 720x1280. */
export const LAYOUT = { width: 720, height: 1280 };
/** Centres of things on the virtual phone, in layout units. */
export const SPOTS = {
  firstIcon: { x: 120, y: 336 },
  copyButton: { x: 618, y: 336 },
  /** The status bar: tapping it does nothing. */
  statusBar: { x: 150, y: 24 },
};

/** A new user (English unless told) owning `phones`; returns their ids. Nothing another test touches. */
export async function userWithPhones(page: Page, phones: PlantedPhone[], options: { english?: boolean } = {}): Promise<number[]> {
  if (options.english !== false) await useEnglish(page);
  await skipExpiryReminder(page);
  const mobile = await registerNewUser(page);
  return plantPhones(mobile, phones);
}

/** Every stream socket the page opens, in order. */
export function watchSockets(page: Page): WebSocket[] {
  const sockets: WebSocket[] = [];
  page.on('websocket', (socket) => {
    if (socket.url().includes('/stream/ws')) sockets.push(socket);
  });
  return sockets;
}

export const stage = (page: Page) => page.getByTestId('stream-stage');

export async function frameCount(page: Page): Promise<number> {
  return Number(await stage(page).getAttribute('data-frames'));
}

export async function openPhoneView(page: Page, id: number, query = ''): Promise<void> {
  await page.goto(appUrl(`/phone-view/demo?id=${id}${query}`));
  await expect(stage(page)).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => frameCount(page)).toBeGreaterThan(0);
}

/** A tap at a point of the virtual phone given in layout units. */
export async function tapPhone(page: Page, spot: { x: number; y: number }): Promise<void> {
  const box = (await stage(page).boundingBox())!;
  await page.touchscreen.tap(box.x + (spot.x / LAYOUT.width) * box.width, box.y + (spot.y / LAYOUT.height) * box.height);
}

/**
 * The picture below the status bar (whose clock changes by itself), from the canvas the SDK draws on, as the average
 * colour of each cell of a 9x16 grid. Pictures of one screen differ a little (a region sent on its own is its own
 * JPEG, and automatic quality may send another size), so screens are compared cell by cell with a tolerance
 * (sameScreen), never byte for byte. Self-contained, so any driver can run it in the page (the WebKit and Firefox
 * tests do too).
 */
export function canvasCells(): number[] {
  const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="stream-stage"] canvas');
  if (!canvas || !canvas.width) return [];
  const top = Math.ceil((canvas.height * 60) / 1280);
  const pixels = canvas.getContext('2d')!.getImageData(0, top, canvas.width, canvas.height - top).data;
  const [columns, rows] = [9, 16];
  const sums = new Array<number>(columns * rows * 3).fill(0);
  const counts = new Array<number>(columns * rows).fill(0);
  const height = canvas.height - top;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < canvas.width; x++) {
      const cell = Math.floor((y * rows) / height) * columns + Math.floor((x * columns) / canvas.width);
      const at = (y * canvas.width + x) * 4;
      for (let c = 0; c < 3; c++) sums[cell * 3 + c]! += pixels[at + c]!;
      counts[cell]!++;
    }
  }
  return sums.map((sum, i) => Math.round(sum / counts[Math.floor(i / 3)]!));
}

export async function screenCells(page: Page): Promise<number[]> {
  return page.evaluate(canvasCells);
}

/** Whether two screenCells results show the same screen: every cell's colour within a few levels. */
export function sameScreen(a: number[], b: number[]): boolean {
  return a.length > 0 && a.length === b.length && a.every((value, i) => Math.abs(value - b[i]!) <= 6);
}

/** The colour of one pixel of the picture, at layout coordinates. */
export async function pixelAt(page: Page, spot: { x: number; y: number }): Promise<[number, number, number]> {
  return page.evaluate(({ x, y }) => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="stream-stage"] canvas')!;
    const data = canvas.getContext('2d')!.getImageData(Math.round((x * canvas.width) / 720), Math.round((y * canvas.height) / 1280), 1, 1).data;
    return [data[0]!, data[1]!, data[2]!] as [number, number, number];
  }, spot);
}

export async function openTool(page: Page, tool: string): Promise<void> {
  await page.getByTestId('tools-open').click();
  await page.getByTestId(`tool-${tool}`).click();
}

/** The messages the page sent on a socket, parsed. */
export function sentMessages(socket: WebSocket): Array<{ type: string; [key: string]: unknown }> {
  const sent: Array<{ type: string }> = [];
  socket.on('framesent', ({ payload }) => {
    if (typeof payload === 'string') sent.push(JSON.parse(payload));
  });
  return sent;
}

/** An API call with the signed-in user's token, from inside the page. */
export async function callApi(page: Page, method: string, path: string, body?: unknown): Promise<{ code: number; msg: string; data: unknown }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = JSON.parse(localStorage.getItem('token')!);
      const tenantId = JSON.parse(localStorage.getItem('tenantId') ?? '1');
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'tenant-id': String(tenantId) };
      const reply = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return reply.json();
    },
    { method, path, body },
  );
}
