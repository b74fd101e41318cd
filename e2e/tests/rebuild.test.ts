import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loginByPassword, PHONES, waitForTitle } from '../support/app.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { diagnoseFailures } from '../support/diagnostics.ts';
import { startServer, type TestServer } from '../support/server.ts';

// A failed test prints what the browser saw go wrong (support/diagnostics.ts).
diagnoseFailures();

const webRoot = path.resolve(import.meta.dirname, '../../apps/web');

/** The hashed main script an index.html names. */
async function mainScript(webDist: string): Promise<string> {
  const html = await readFile(path.join(webDist, 'index.html'), 'utf8');
  const found = /src="\/(assets\/main-[^"]+\.js)"/.exec(html);
  assert.ok(found, 'index.html names its main script');
  return found[1] ?? '';
}

describe('a rebuild under a running server (a second npm start, a deploy)', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let webDist: string;

  before(async () => {
    // A copy of the build of its own, so rebuilding it leaves the other tests' build alone.
    webDist = await mkdtemp(path.join(tmpdir(), 'zikao-rebuild-'));
    await cp(path.join(webRoot, 'dist'), webDist, { recursive: true });
    server = await startServer({ WEB_DIST: webDist });
    browser = await openBrowser();
    browser.page.setDefaultTimeout(30_000);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await rm(webDist, { recursive: true, force: true });
  });

  it('keeps the open tab working on the old build, and serves the new build to a reload', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/login`);
    await waitForTitle(page, '登录');
    const oldMain = await mainScript(webDist);

    // Every build stamps its time, so the main script's hash changes.
    const build = spawnSync(
      process.execPath,
      [path.join(webRoot, '../../node_modules/vite/bin/vite.js'), 'build', '--outDir', webDist, '--logLevel', 'error'],
      { cwd: webRoot, encoding: 'utf8' },
    );
    assert.equal(build.status, 0, build.stderr);
    const newMain = await mainScript(webDist);
    assert.notEqual(newMain, oldMain, 'the rebuild names a new main script');

    // The tab opened before the rebuild signs in and opens lazily loaded screens of its build.
    await loginByPassword(page, PHONES.admin);
    await page.waitForURL((url) => url.pathname !== '/login');
    // A client-side navigation, as a click in the menu makes: the tab keeps its old build.
    await page.evaluate(() => {
      history.pushState(null, '', '/console/account');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitForTitle(page, '账号管理');
    await page.getByRole('button', { name: '新建账号' }).waitFor();
    assert.equal(await page.locator('#boot-failure').isVisible(), false);
    for (const script of [oldMain, newMain]) {
      const response = await page.request.get(`${server.url}/${script}`);
      assert.equal(response.status(), 200, script);
    }
    await page.reload();
    await waitForTitle(page, '账号管理');
    const loaded = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    assert.ok(loaded.includes(`/${newMain}`), 'the reload runs the new build');
    assert.ok(!loaded.includes(`/${oldMain}`), 'and not the old one');
    assert.equal(await page.locator('#boot-failure').isVisible(), false);
  });
});
