// Firefox ESR for the journey: headless, spoken to over WebDriver BiDi by puppeteer-core (Debian has no
// geckodriver, and Firefox speaks BiDi itself). One browser per run; each session is a browser context of its own
// (no cookies, storage or service worker shared). "Offline" is the engine's own network emulation, which tells the page
// (navigator.onLine, the online event), plus a cut link below it: the emulation covers the tab's requests but not its
// service worker's, which would still reach the server.
import puppeteer from 'puppeteer-core';
import { untilTappable } from './actionable.mjs';
import { startCuttableLink } from './cuttable-link.mjs';

/**
 * A locked-down webview's storage: reading the property throws, as Safari's and Chrome's do when storage is blocked.
 * Runs before the page's own scripts in every document of the context.
 */
function denyStorage() {
  for (const name of ['localStorage', 'sessionStorage']) {
    Object.defineProperty(window, name, {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  }
}

/** The engine: start() once, then pages, then stop(). */
export function firefoxEngine({ paths, serverUrl, viewport }) {
  let browser;
  let link;

  async function start() {
    link = await startCuttableLink(serverUrl);
    browser = await puppeteer.launch({ browser: 'firefox', executablePath: paths.firefox, headless: true, protocol: 'webDriverBiDi' });
  }

  async function newPage({ storageDenied = false } = {}) {
    const context = await browser.createBrowserContext();
    const tab = await context.newPage();
    await tab.setViewport({ ...viewport, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
    if (storageDenied) await tab.evaluateOnNewDocument(denyStorage);
    const evaluate = (fn, ...args) => tab.evaluate(fn, ...args);
    return {
      engine: 'firefox',
      base: link.url,
      async goto(url) {
        await tab.goto(url.startsWith('http') ? url : `${link.url}/app${url}`);
      },
      url: async () => tab.url(),
      evaluate,
      async click(selector) {
        await untilTappable(evaluate, selector);
        await tab.click(selector);
      },
      async fill(selector, text) {
        await untilTappable(evaluate, selector);
        await tab.$eval(selector, (input) => ((input.value = ''), input.dispatchEvent(new Event('input', { bubbles: true }))));
        await tab.type(selector, text);
      },
      async tapAt(selector, fractionX, fractionY) {
        await untilTappable(evaluate, selector);
        const box = await (await tab.$(selector)).boundingBox();
        await tab.touchscreen.tap(box.x + fractionX * box.width, box.y + fractionY * box.height);
      },
      async setOffline(offline) {
        if (offline) link.cut();
        else link.restore();
        await tab.setOfflineMode(offline);
      },
      async screenshot(path) {
        await tab.screenshot({ path });
      },
      close: () => context.close().catch(() => {}),
    };
  }

  async function stop() {
    await browser?.close();
    await link?.stop();
  }

  return { name: 'firefox', start, newPage, stop };
}
