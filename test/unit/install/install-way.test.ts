import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installWay } from '../../../src/install/install-way.ts';

// How a browser can install the app, from what it says of itself (src/install/install-way.ts).

const UA = {
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  androidWebView: 'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.0.0 Mobile Safari/537.36',
  wechat: 'Mozilla/5.0 (Linux; Android 14; V2227A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.47',
  iosSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iosChrome: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
  iosInApp: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  firefoxDesktop: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
};

const way = (userAgent: string, extra: { standalone?: boolean; hasPrompt?: boolean } = {}) =>
  installWay({ userAgent, standalone: extra.standalone ?? false, hasPrompt: extra.hasPrompt ?? false });

test('running standalone is installed, whatever the browser', () => {
  for (const userAgent of Object.values(UA)) assert.is(way(userAgent, { standalone: true, hasPrompt: true }), 'installed');
});

test('webviews and in-app browsers cannot install: WeChat, Android WebView, an iOS app without Safari', () => {
  assert.is(way(UA.wechat, { hasPrompt: true }), 'webview');
  assert.is(way(UA.androidWebView), 'webview');
  assert.is(way(UA.iosInApp), 'webview');
});

test("Safari on iOS gets the Share steps; another iOS browser and a browser without a prompt get their menu", () => {
  assert.is(way(UA.iosSafari), 'ios');
  assert.is(way(UA.iosChrome), 'menu');
  assert.is(way(UA.firefoxDesktop), 'menu');
  assert.is(way(UA.chromeAndroid), 'menu', 'Chrome before its prompt came');
});

test("iPadOS's Safari, which says it is a Mac, is told apart by its touch screen", () => {
  const ipad = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
  assert.is(installWay({ userAgent: ipad, standalone: false, hasPrompt: false, touchPoints: 5 }), 'ios');
  assert.is(installWay({ userAgent: ipad, standalone: false, hasPrompt: false, touchPoints: 0 }), 'menu', 'a Mac');
});

test("a browser that offered its prompt gets the install button", () => {
  assert.is(way(UA.chromeAndroid, { hasPrompt: true }), 'prompt');
});

test.run();
