import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type App, buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createLocalStorage } from '../../shared/storage/local-storage.ts';
import { eventually } from '../../test/eventually.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createBackup, restoreBackup } from './backup.ts';

// Every table a restored install must have whole: theses, their documents and files, annotations, reviews.
const TABLES = [
  'users',
  'courseware_files',
  'courseware_pages',
  'batches',
  'theses',
  'submissions',
  'documents',
  'document_pages',
  'stored_files',
  'uploads',
  'annotations',
  'annotation_replies',
  'reviews',
  'audit_log',
] as const;

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');

/** Staging directories a restore left beside its target. */
const leftovers = (dir: string) => readdirSync(dir).filter((name) => name.includes('.restoring-'));

describe('npm run backup and npm run restore', () => {
  let app: TestApp;
  let work: string;
  before(async () => {
    // SQLite whatever CI sets: the backup is the embedded install's (PostgreSQL has pg_dump).
    app = await createTestApp({ DATABASE_URL: '', SEED_REVIEW_DEMO: '1' });
    work = mkdtempSync(path.join(tmpdir(), 'zikao-backup-'));
  });
  after(async () => {
    await app.close();
    rmSync(work, { recursive: true, force: true });
  });

  // In a stable order: by id where a table has one, else by the whole row.
  const rows = async (db: App['database']['db'], table: (typeof TABLES)[number]) => {
    const all = (await db
      .selectFrom(table as 'users')
      .selectAll()
      .execute()) as Array<Record<string, unknown>>;
    const key = (row: Record<string, unknown>) =>
      'id' in row ? String(row.id).padStart(20, '0') : JSON.stringify(row);
    return all.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  };

  it('backs up the demo install while it runs and restores every thesis, annotation, review and file', async () => {
    const db = app.database.db;
    // The demo's background work (thesis text, courseware pages) finishes first, so that the
    // original does not change under the comparison; the backup itself needs no such pause.
    await app.documents.drain();
    await eventually(async () => {
      const busy = await db.selectFrom('courseware_files').select('id').where('status', '=', 'converting').execute();
      assert.equal(busy.length, 0);
    }, 60_000);
    const counts: Record<string, number> = Object.fromEntries(
      await Promise.all(TABLES.map(async (table) => [table, (await rows(db, table)).length] as const)),
    );
    for (const table of ['theses', 'submissions', 'annotations', 'reviews', 'stored_files'] as const) {
      assert.ok((counts[table] ?? 0) > 0, `the demo has ${table}`);
    }

    const archive = path.join(work, 'backup.tar.gz');
    // A write lands while the backup runs: the server is open and in use.
    const token = await app.login('13800000002');
    const [manifest] = await Promise.all([
      createBackup(app.config, archive),
      app.get('/api/v1/getUserInfo', {}, { token }),
    ]);
    let kept = 0;
    for await (const _ of createLocalStorage(app.config.dataDir).keys()) kept += 1;
    assert.equal(manifest.files, kept, 'every stored object, theses and page images alike');
    assert.ok(kept >= (counts.stored_files ?? 0));

    const restored = path.join(work, 'restored');
    await restoreBackup({ dataDir: restored, databaseUrl: undefined, s3: null }, archive);
    const copy = await buildApp(
      loadConfig({
        ...process.env,
        DATA_DIR: restored,
        DATABASE_URL: '',
        REDIS_URL: '',
        SEED_DEMO: '0',
        LOG_LEVEL: 'silent',
      }),
      { logger: false },
    );
    try {
      for (const table of TABLES) {
        const [original, back] = await Promise.all([rows(db, table), rows(copy.database.db, table)]);
        if (table === 'audit_log' || table === 'users') {
          // The sign-in above may land after the copy; what the copy holds is the original's start.
          assert.deepEqual(back, original.slice(0, back.length), table);
          assert.ok(back.length >= (counts[table] ?? 0), table);
        } else {
          assert.deepEqual(back, original, table);
        }
      }
      const storage = createLocalStorage(restored);
      const files = await rows(db, 'stored_files');
      for (const file of files) {
        const sha256 = String(file.sha256);
        const local = await storage.localPath(sha256);
        assert.equal(createHash('sha256').update(readFileSync(local.path)).digest('hex'), sha256);
      }
      assert.deepEqual(
        readFileSync(path.join(restored, 'keys', 'rsa-private.pem')),
        readFileSync(path.join(app.config.dataDir, 'keys', 'rsa-private.pem')),
      );
      // The restored install serves: a reviewer signs in (the same RSA key) and opens a thesis PDF.
      const thesis = (await rows(copy.database.db, 'documents')).find(
        (row) => row.status === 'ready' && row.pdf_sha256,
      );
      assert.ok(thesis);
      const ready = await copy.server.inject({ method: 'GET', url: '/api/v1/ready' });
      assert.equal(ready.statusCode, 200, ready.body);
    } finally {
      await copy.close();
    }
  });

  it('refuses to restore over a DATA_DIR that is not empty unless forced, and refuses PostgreSQL', async () => {
    const archive = path.join(work, 'again.tar.gz');
    await createBackup(app.config, archive);
    const busy = path.join(work, 'busy');
    mkdirSync(busy);
    writeFileSync(path.join(busy, 'zikao.sqlite'), 'not a database');
    await assert.rejects(
      restoreBackup({ dataDir: busy, databaseUrl: undefined, s3: null }, archive),
      /不是空目录.*--force/,
    );
    assert.equal(readFileSync(path.join(busy, 'zikao.sqlite'), 'utf8'), 'not a database', 'left untouched');
    await restoreBackup({ dataDir: busy, databaseUrl: undefined, s3: null }, archive, { force: true });
    assert.notEqual(readFileSync(path.join(busy, 'zikao.sqlite')).subarray(0, 15).toString(), 'not a database');
    await assert.rejects(
      createBackup({ dataDir: busy, databaseUrl: 'postgres://x@127.0.0.1/db', s3: null }, archive),
      /pg_dump/,
    );
  });

  it('refuses an archive cut short, and leaves DATA_DIR as it was: nothing in a new one, the old install in place', async () => {
    const archive = path.join(work, 'whole.tar.gz');
    await createBackup(app.config, archive);
    const bytes = readFileSync(archive);
    for (const share of [0.3, 0.9, 0.999]) {
      const cut = path.join(work, `cut-${share}.tar.gz`);
      writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * share)));
      const fresh = path.join(work, `fresh-${share}`);
      await assert.rejects(restoreBackup({ dataDir: fresh, databaseUrl: undefined, s3: null }, cut), /备份不完整/);
      assert.equal(existsSync(fresh), false, `${share}: no DATA_DIR made`);
      assert.deepEqual(leftovers(work), [], `${share}: no staging directory left`);

      const installed = path.join(work, `installed-${share}`);
      mkdirSync(path.join(installed, 'keys'), { recursive: true });
      writeFileSync(path.join(installed, 'zikao.sqlite'), 'the install in use');
      writeFileSync(path.join(installed, 'keys', 'rsa-private.pem'), 'its key');
      await assert.rejects(
        restoreBackup({ dataDir: installed, databaseUrl: undefined, s3: null }, cut, { force: true }),
        /备份不完整/,
      );
      assert.deepEqual(readdirSync(installed).sort(), ['keys', 'zikao.sqlite'], `${share}: nothing added`);
      assert.equal(readFileSync(path.join(installed, 'zikao.sqlite'), 'utf8'), 'the install in use');
      assert.equal(readFileSync(path.join(installed, 'keys', 'rsa-private.pem'), 'utf8'), 'its key');
    }
  });

  it('leaves no archive under its name when the backup is killed (kill -9) while writing', async () => {
    const archive = path.join(work, 'killed.tar.gz');
    const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/backup.ts'), archive], {
      env: { ...process.env, DATA_DIR: app.config.dataDir, DATABASE_URL: '', STORAGE: 'local' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString('utf8');
    });
    let exitCode: number | null | undefined;
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => {
        exitCode = code;
        resolve(code);
      }),
    );
    // Killed once the archive is being written: its partial file has bytes in it.
    await eventually(() => {
      assert.equal(exitCode, undefined, `the backup ended before it could be killed: ${errors}`);
      assert.ok(existsSync(`${archive}.part`) && statSync(`${archive}.part`).size > 0);
    }, 60_000);
    child.kill('SIGKILL');
    assert.equal(await exited, null, 'the backup was killed, not finished');
    assert.equal(existsSync(archive), false, 'no archive under the final name');
    // The next backup to that name is whole.
    await createBackup(app.config, archive);
    const restored = path.join(work, 'after-kill');
    const manifest = await restoreBackup({ dataDir: restored, databaseUrl: undefined, s3: null }, archive);
    assert.ok(manifest.files > 0);
  });

  it('refuses a damaged archive whose file does not match its hash', async () => {
    const { TarWriter } = await import('./tar.ts');
    const { createGzip } = await import('node:zlib');
    const { createWriteStream } = await import('node:fs');
    const archive = path.join(work, 'damaged.tar.gz');
    const gzip = createGzip();
    const out = createWriteStream(archive);
    const closed = new Promise<void>((resolve) => out.on('close', () => resolve()));
    gzip.pipe(out);
    const tar = new TarWriter(gzip);
    const fake = 'a'.repeat(64);
    await tar.add(`files/aa/${fake}`, 5, Buffer.from('hello'));
    await tar.finish();
    await closed;
    await assert.rejects(
      restoreBackup({ dataDir: path.join(work, 'damaged'), databaseUrl: undefined, s3: null }, archive),
      /与其 SHA-256 不符/,
    );
  });
});
