import assert from 'node:assert/strict';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { eventually } from '../../test/eventually.ts';
import { createTestApp } from '../../test/test-app.ts';
import { holdTempFile, TempSweeper } from './temp-sweeper.ts';

describe('interrupted uploads in DATA_DIR/tmp (issue 19 §4)', () => {
  it('removes stale .part files at start, and leaves fresh ones and other files alone', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'zikao-sweep-'));
    const tmp = path.join(dataDir, 'tmp');
    mkdirSync(tmp, { recursive: true });
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    const stale = path.join(tmp, 'crashed.part');
    const fresh = path.join(tmp, 'inflight.part');
    const other = path.join(tmp, 'keep.txt');
    for (const file of [stale, fresh, other]) writeFileSync(file, 'x');
    utimesSync(stale, twoHoursAgo, twoHoursAgo);
    utimesSync(other, twoHoursAgo, twoHoursAgo);
    const app = await createTestApp({ DATA_DIR: dataDir });
    try {
      await eventually(() => assert.equal(existsSync(stale), false, 'the crashed upload is removed'));
      assert.ok(existsSync(fresh), 'an upload in flight is kept');
      assert.ok(existsSync(other), 'only .part files are swept');
    } finally {
      await app.close();
    }
  });

  it('spares a file received whole and still being checked, however old, until it is released', async () => {
    const tmp = mkdtempSync(path.join(tmpdir(), 'zikao-sweep-held-'));
    const received = path.join(tmp, 'checking.part');
    writeFileSync(received, 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(received, twoHoursAgo, twoHoursAgo);
    const logs: unknown[] = [];
    const logger = { info: (...args: unknown[]) => logs.push(args), warn: () => {} } as never;
    const sweeper = new TempSweeper({ dir: tmp, maxAgeMs: 60_000, logger });
    const release = holdTempFile(received);
    assert.equal(await sweeper.sweep(), 0);
    assert.ok(existsSync(received), 'a file under its upload’s checks is kept');
    release();
    assert.equal(await sweeper.sweep(), 1);
    assert.equal(existsSync(received), false, 'released, it is swept like any other');
  });

  it('sweeps on a timer, sparing a file that is still being written', async () => {
    const app = await createTestApp({ UPLOAD_TMP_MAX_AGE_MIN: '0.02' });
    const tmp = path.join(app.config.dataDir, 'tmp');
    const abandoned = path.join(tmp, 'abandoned.part');
    const writing = path.join(tmp, 'writing.part');
    writeFileSync(abandoned, 'x');
    writeFileSync(writing, 'x');
    const writer = setInterval(() => appendFileSync(writing, 'y'), 100);
    try {
      await eventually(() => assert.equal(existsSync(abandoned), false), 6000);
      assert.ok(existsSync(writing), 'a file still growing is kept');
    } finally {
      clearInterval(writer);
      await app.close();
    }
  });
});
