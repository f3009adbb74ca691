// Phone streams as the app holds them, for the instance bench (test/bench/instances.mjs): a socket a phone at the
// default definition (720x1280, 30 pictures a second, automatic quality: the client sends no `definition`), each
// picture acknowledged as it arrives, and a finger moving on the phone all the while, so every picture the pace
// allows shows something new. Raw sockets, no browser; their owners are users registered for the bench who buy
// their phones, so the phones are alike and no seeded account's phones are touched.
import WebSocket from 'ws';
import { call, registerUsers } from './api-load.mjs';

const FRAME_KIND = 1;
const PATCH_KIND = 4;
const PRO = 2;
/** The finger moves this often: faster than the 33 ms between pictures at 30 a second, so each one is due. */
const MOVE_MS = 16;
const FIRST_PICTURE_MS = 10_000;

/**
 * `count` owners registered by SMS code (mobiles from `prefix`), each buying `phones` Pro phones (one order, paid
 * with the mock method); answers their access tokens and phone ids.
 */
export async function streamOwners(baseURL, { count, phones, prefix }) {
  const tokens = await registerUsers(baseURL, count, prefix);
  const goods = await call(baseURL, '/api/product/goods/list', { token: tokens[0] });
  const pro = goods.find((grade) => grade.gradeId === PRO);
  const packageId = pro?.packages.find((pkg) => pkg.days === 7)?.packageId;
  if (!packageId) throw new Error('no 7-day Pro package in the goods list');
  if (pro.stock < count * phones) throw new Error(`Pro stock ${pro.stock} is short of ${count * phones} phones`);
  const owners = [];
  for (const [index, token] of tokens.entries()) {
    const { orderId } = await call(baseURL, '/api/trade/order/create', {
      token, body: { type: 'buy', packageId, quantity: phones },
    });
    const paid = await call(baseURL, '/api/pay/order/submit', {
      token, body: { orderId, method: 'mock', idempotencyKey: `streams-${process.pid}-${index}` },
    });
    if (paid.status !== 'success') throw new Error(`phones of owner ${index}: payment ${paid.status}`);
    const page = await call(baseURL, `/api/device/user/phone/list?pageNo=1&pageSize=${phones}&sort=default`, { token });
    if (page.list.length !== phones) throw new Error(`owner ${index} has ${page.list.length} of ${phones} phones`);
    owners.push({ token, phoneIds: page.list.map((phone) => phone.userPhoneId) });
  }
  return owners;
}

/**
 * A phone's stream socket opened at `baseURL` with a security token asked there; resolves once its first picture
 * arrived (or throws with why none did). `drive()` starts the finger, `close()` lifts it and closes the socket.
 */
export async function drivenStream(baseURL, token, phoneId) {
  const query = `userPhoneId=${phoneId}&validTime=600`;
  const grant = await call(baseURL, `/api/device/user/phone/security-token?${query}`, { method: 'POST', token });
  const address = `${baseURL.replace(/^http/, 'ws')}/stream/ws?token=${encodeURIComponent(grant.token)}&userPhoneId=${phoneId}`;
  const socket = new WebSocket(address);
  const state = { pictures: 0, errors: [], closed: null };
  const send = (message) => socket.readyState === WebSocket.OPEN && socket.send(JSON.stringify(message));
  let pictured;
  const first = new Promise((resolve) => (pictured = resolve));
  const closed = new Promise((resolve) => socket.once('close', (code) => {
    state.closed = code;
    resolve();
  }));
  socket.on('message', (data, isBinary) => {
    if (isBinary) {
      if (data[0] !== FRAME_KIND && data[0] !== PATCH_KIND) return;
      state.pictures++;
      send({ type: 'ack', seq: data.readUInt32BE(1) });
      pictured();
      return;
    }
    const message = JSON.parse(String(data));
    if (message.type === 'hello') send({ type: 'ack', seq: 0 });
    else if (message.type === 'error') state.errors.push(message.msg);
  });
  socket.on('error', (error) => state.errors.push(error.message));
  let timer;
  const waited = new Promise((resolve) => (timer = setTimeout(resolve, FIRST_PICTURE_MS)));
  await Promise.race([first, closed, waited]);
  clearTimeout(timer);
  if (state.pictures === 0) {
    socket.terminate();
    throw new Error(`phone ${phoneId}: no picture within ${FIRST_PICTURE_MS} ms (closed: ${state.closed}, ` +
      `errors: ${state.errors.join('; ') || 'none'})`);
  }
  let finger;
  return {
    state,
    drive() {
      send({ type: 'touch', action: 'down', pointers: [{ id: 0, x: 100, y: 700 }] });
      let step = 0;
      finger = setInterval(() => {
        step++;
        send({ type: 'touch', action: 'move', pointers: [{ id: 0, x: 100 + (step % 50) * 10, y: 700 }] });
      }, MOVE_MS);
    },
    async close() {
      clearInterval(finger);
      send({ type: 'touch', action: 'up', pointers: [{ id: 0, x: 100, y: 700 }] });
      if (state.closed === null) socket.close();
      await closed;
    },
  };
}
