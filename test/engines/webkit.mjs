// WebKitGTK for the journey: MiniBrowser on an Xvfb screen, driven over classic WebDriver by WebKitWebDriver (one
// driver and browser per session, so two sessions share nothing), every request through a link that can be cut.
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Builder, By } from 'selenium-webdriver';
import { freePort } from '../start-server.mjs';
import { untilTappable } from './actionable.mjs';
import { startCuttableLink } from './cuttable-link.mjs';
import { startOwned, stopOwned } from './owned-processes.mjs';

/**
 * MiniBrowser's toolbar is wider than a phone (about 450 px) and cannot be hidden, so the web view could not be
 * 390 px wide. A GTK style sheet of its own shrinks the browser's chrome (not the page, which WebKit draws) to a few
 * pixels; the window is then sized so the web view is exactly the phone's viewport.
 */
const TINY_CHROME_CSS = '* { font-size: 1px; padding: 0; margin: 0; min-width: 0; min-height: 0; border-width: 0; -gtk-icon-transform: scale(0.01); }\n';

async function waitForDriver(url, child) {
  const started = Date.now();
  while (Date.now() - started < 10_000) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited with code ${child.exitCode}: ${child.output}`);
    try {
      if ((await fetch(`${url}/status`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`WebKitWebDriver did not answer within 10 s: ${child.output}`);
}

/** The engine: start() once, then pages, then stop(). */
export function webkitEngine({ paths, serverUrl, viewport }) {
  let xvfb;
  let link;
  let env;
  const pages = new Set();

  async function start() {
    xvfb = startOwned(paths.xvfb, ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp']);
    const display = await new Promise((resolve, reject) => {
      xvfb.stdout.once('data', (chunk) => resolve(String(chunk).trim()));
      xvfb.once('exit', (code) => reject(new Error(`Xvfb exited with code ${code}: ${xvfb.output}`)));
    });
    const config = join(tmpdir(), `engines-gtk-${process.pid}`);
    mkdirSync(join(config, 'gtk-3.0'), { recursive: true });
    writeFileSync(join(config, 'gtk-3.0', 'gtk.css'), TINY_CHROME_CSS);
    env = { ...process.env, DISPLAY: `:${display}`, XDG_CONFIG_HOME: config };
    link = await startCuttableLink(serverUrl);
  }

  /** A new browser; `storageDenied` starts it with local storage turned off, as a locked-down webview has it. */
  async function newPage({ storageDenied = false } = {}) {
    const port = await freePort();
    const driverProcess = startOwned(paths.webDriver, [`--port=${port}`], { env });
    const driverUrl = `http://127.0.0.1:${port}`;
    let driver;
    try {
      await waitForDriver(driverUrl, driverProcess);
      const args = ['--automation', ...(storageDenied ? ['--enable-html5-local-storage=false'] : [])];
      driver = await new Builder()
        .usingServer(driverUrl)
        .withCapabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: paths.miniBrowser, args } })
        .build();
      // Sized twice: the first size shows how much of the window the browser's chrome still takes.
      await driver.manage().window().setRect(viewport);
      const [innerWidth, innerHeight] = await driver.executeScript('return [innerWidth, innerHeight]');
      await driver.manage().window().setRect({ width: 2 * viewport.width - innerWidth, height: 2 * viewport.height - innerHeight });
    } catch (error) {
      await stopOwned(driverProcess);
      throw error;
    }
    const page = {
      engine: 'webkit',
      base: link.url,
      async goto(url) {
        await driver.get(url.startsWith('http') ? url : `${link.url}/app${url}`);
      },
      url: () => driver.getCurrentUrl(),
      evaluate: (fn, ...args) => driver.executeScript(fn, ...args),
      async click(selector) {
        await untilTappable(page.evaluate, selector);
        await driver.findElement(By.css(selector)).click();
      },
      async fill(selector, text) {
        await untilTappable(page.evaluate, selector);
        const element = await driver.findElement(By.css(selector));
        await element.clear();
        await element.sendKeys(text);
      },
      async tapAt(selector, fractionX, fractionY) {
        await untilTappable(page.evaluate, selector);
        const element = await driver.findElement(By.css(selector));
        const { width, height } = await element.getRect();
        // WebDriver's element origin is the element's centre.
        const x = Math.round((fractionX - 0.5) * width);
        const y = Math.round((fractionY - 0.5) * height);
        await driver.actions().move({ origin: element, x, y }).press().release().perform();
      },
      async setOffline(offline) {
        if (offline) return link.cut();
        link.restore();
        // The engine would say the network is back; below it, the test says it in its place.
        await driver.executeScript("window.dispatchEvent(new Event('online'))");
      },
      async screenshot(path) {
        writeFileSync(path, Buffer.from(await driver.takeScreenshot(), 'base64'));
      },
      async close() {
        pages.delete(page);
        await driver.quit().catch(() => {});
        await stopOwned(driverProcess);
      },
    };
    pages.add(page);
    return page;
  }

  async function stop() {
    for (const page of [...pages]) await page.close();
    await link?.stop();
    if (xvfb) await stopOwned(xvfb);
  }

  return { name: 'webkit', start, newPage, stop };
}
