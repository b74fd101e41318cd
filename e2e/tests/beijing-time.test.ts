import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loginByPassword, PHONES } from '../support/app.ts';
import { openBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { startServer, type TestServer } from '../support/server.ts';

diagnoseFailures();

const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp';
const SLOT = /(\d{2}:\d{2}–\d{2}:\d{2})(（北京时间）)?/;

// Issue 32 §3: a course at 13:00 Beijing time reads 13:00 on a device in any zone, and a device
// that is not on Beijing time is told which zone the times are in.
describe('times in Beijing time, whatever the device’s zone', () => {
  let server: TestServer;

  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server?.stop();
  });

  /** The first course slot on the teacher's home, as a browser in `timezoneId` shows it. */
  const courseSlot = async (timezoneId: string, viewport: { width: number; height: number }) => {
    const browser = await openBrowser({ timezoneId, viewport });
    try {
      const { page } = browser;
      page.setDefaultTimeout(30_000);
      await page.goto(`${server.url}/login`);
      await loginByPassword(page, PHONES.teacher);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const slot = page.getByText(SLOT).first();
      await slot.waitFor();
      await page.screenshot({
        path: path.join(SHOTS, `beijing-time-${timezoneId.replace('/', '-')}-${viewport.width}.png`),
      });
      const match = SLOT.exec(await slot.innerText());
      assert.ok(match, 'a course slot is shown');
      return { time: match[1], labelled: Boolean(match[2]) };
    } finally {
      await browser.close();
    }
  };

  it('shows the demo course at the same Beijing time on a UTC device, labelled 北京时间', async () => {
    const beijing = await courseSlot('Asia/Shanghai', { width: 1440, height: 900 });
    assert.equal(beijing.labelled, false, 'a device on Beijing time needs no label');
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const utc = await courseSlot('UTC', viewport);
      assert.equal(utc.time, beijing.time, 'the same digits as in Beijing, not the device’s clock');
      assert.equal(utc.labelled, true, 'a device elsewhere is told the zone');
    }
  });
});
