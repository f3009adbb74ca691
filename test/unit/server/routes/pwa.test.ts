import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setup } from '../helpers.ts';

// The installable app per client number (server/API.md "Installable app"): each client's manifest carries its name,
// colours and icons, and the icons are PNGs of the sizes they claim, drawn from the tenant's logo.

interface Manifest {
  id: string;
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
}

async function manifest(s: Awaited<ReturnType<typeof setup>>, clientNo: string, lang = 'en-US'): Promise<{ status: number; type: string | null; body: Manifest }> {
  const response = await s.app.request(`/app/pwa/${clientNo}.webmanifest?lang=${lang}`);
  return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as Manifest };
}

/** A PNG's width and height, from its IHDR chunk. */
async function pngSize(s: Awaited<ReturnType<typeof setup>>, path: string): Promise<[number, number]> {
  const response = await s.app.request(path);
  assert.is(response.status, 200, path);
  assert.is(response.headers.get('content-type'), 'image/png');
  const bytes = Buffer.from(await response.arrayBuffer());
  assert.equal([...bytes.subarray(1, 4)], [...Buffer.from('PNG')]);
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

test("each client's manifest carries its own name, colours, start address and icons", async () => {
  const s = await setup();
  const green = await manifest(s, 'green');
  const demo = await manifest(s, 'demo');
  assert.is(green.status, 200);
  assert.match(green.type ?? '', /^application\/manifest\+json/);
  assert.equal(
    [green.body.name, green.body.start_url, green.body.scope, green.body.display, green.body.theme_color, green.body.background_color],
    ['Green Cloud', '/app/green', '/app/', 'standalone', '#1c4e42', '#07140f'],
  );
  assert.equal([demo.body.name, demo.body.start_url, demo.body.theme_color], ['Demo Cloud Phone', '/app/demo', '#045df9']);
  assert.is.not(green.body.id, demo.body.id, 'two brands are two apps');
  assert.equal(green.body.icons.map((icon) => [icon.sizes, icon.purpose]), [['192x192', 'any'], ['512x512', 'any'], ['512x512', 'maskable']]);
  assert.is((await manifest(s, 'green', 'zh-CN')).body.name, '绿洲云机');
  // The client number as the page wrote it: the installed app starts at the address the person used.
  const upper = await manifest(s, 'GREEN');
  assert.equal([upper.body.name, upper.body.start_url, upper.body.icons[0]!.src], ['Green Cloud', '/app/GREEN', '/app/pwa/GREEN-192.png']);
  for (const icon of green.body.icons) {
    const side = Number(icon.sizes.split('x')[0]);
    assert.equal(await pngSize(s, icon.src), [side, side], icon.src);
  }
});

test('an unknown client, an icon size not offered, or a logo outside the static files have no file', async () => {
  const s = await setup();
  assert.is((await s.app.request('/app/pwa/nobody.webmanifest')).status, 404);
  assert.is((await s.app.request('/app/pwa/demo-1024.png')).status, 404);
  assert.is((await s.app.request('/app/pwa/demo-maskable-192.png')).status, 404);
  await s.db.run("UPDATE clients SET logo_url = '/static/../../package.json' WHERE client_no = 'DEMO'");
  assert.is((await s.app.request('/app/pwa/demo-192.png')).status, 404);
  assert.ok(s.logs.some((line) => line.includes('outside the static files')));
});

test.run();
