// The annotated PDF against the event loop (issue 32 §4.3). A reviewer's own upload (the Tongji
// thesis template, a real PDF) carries BENCH_MARKS marks (5,000 and 10,000: past today's cap of
// 2,000, so written straight into the table, as a document saved before the cap may hold them),
// half page notes, half highlights on each page's words. Then 1 and then 3 downloads of its
// annotated PDF start at once, and while they run a client asks GET /api/v1/health again and again
// (one at a time, 20 ms apart), timing each answer. Printed per case: the slowest and the median
// health answer while the downloads ran, the health answer of an idle server, how long the last
// download took, and how each download ended.
//
// The real server runs as a process of its own (bench/autosave/server.ts) on SQLite, with the
// build's time cap raised to BENCH_TIMEOUT_S (600 s) so that builds of marks past today's cap end
// and their times are seen (the default, ANNOTATED_PDF_TIMEOUT_S = 60, refuses them on a busy machine).
// A download or health call that fails (a server that drops the connection) is counted, not fatal.
// BENCH_BASELINE_ROOT=<another checkout> runs that checkout's server too, case by case in turns
// with this one, and prints its figures under `baseline`; BENCH_ROUNDS rounds (1) of every case.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Role } from '@zikao/contract';
import { signParams } from '@zikao/contract/signature';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { hashSecret } from '../../apps/server/src/shared/tokens.ts';

const root = path.resolve(import.meta.dirname, '../..');
const MARKS = (process.env.BENCH_MARKS ?? '5000,10000').split(',').map(Number);
const PARALLEL = (process.env.BENCH_PARALLEL ?? '1,3').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const HEALTH_GAP_MS = 20;
const PDF = path.join(root, 'test-data/real-documents/tongji-undergraduate-thesis-template.pdf');

interface Variant {
  name: 'current' | 'baseline';
  root: string;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await new Promise<number>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function startServer(variant: Variant, port: number, dataDir: string): Promise<ChildProcess> {
  const { DATABASE_URL: _ignored, REDIS_URL: _redis, ...env } = process.env;
  const child = fork(path.join(import.meta.dirname, '../autosave/server.ts'), [], {
    env: {
      ...env,
      BENCH_SERVER_ROOT: variant.root,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web'),
      SEED_DEMO: '0',
      SEED_REVIEW_DEMO: '0',
      ANNOTATED_PDF_TIMEOUT_S: process.env.BENCH_TIMEOUT_S ?? '600',
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      await fetch(`http://127.0.0.1:${port}/api/v1/version`);
      return child;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error('server did not start');
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A reviewer with a session, their upload made ready by the server, and `marks` marks on it. */
async function prepare(base: string, dataDir: string, marks: number): Promise<{ token: string; documentId: number }> {
  const database = await openDatabase({ dataDir, databaseUrl: undefined });
  const { db } = database;
  const now = Date.now();
  try {
    const reviewer = await db
      .insertInto('users')
      .values({
        account: '13700000001',
        name: '评阅压测',
        role: Role.reviewer,
        exam_number: null,
        platform: 'teacher',
        password_hash: '',
        must_change_password: 0,
        disabled: 0,
        failed_logins: 0,
        locked_until: 0,
        school_name: '',
        school_logo: '',
        head_url: '',
        major_name: '',
        majors_json: '[]',
        apply_exam_level: '',
        exam_committee_name: '',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = randomBytes(32).toString('hex');
    await db
      .insertInto('sessions')
      .values({ user_id: reviewer.id, token_hash: hashSecret(token), created_at: now, expires_at: now + 86_400_000 })
      .execute();
    const fields = { kind: 'document' };
    const t = Date.now();
    const form = new FormData();
    form.append('kind', 'document');
    form.append('file', new Blob([readFileSync(PDF)]), '论文.pdf');
    const uploaded = (await (
      await fetch(`${base}/api/v1/upload?t=${t}&sig=${signParams(fields, t)}`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' },
      })
    ).json()) as { errorCode: number; errorMsg: string; data: { documentId: number } };
    if (uploaded.errorCode !== 0) throw new Error(`upload: ${uploaded.errorMsg}`);
    const documentId = uploaded.data.documentId;
    for (;;) {
      const row = await db
        .selectFrom('documents')
        .select(['status', 'error'])
        .where('id', '=', documentId)
        .executeTakeFirstOrThrow();
      if (row.status === 'ready') break;
      if (row.status === 'failed') throw new Error(`document failed: ${row.error}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const pages = await db
      .selectFrom('document_pages')
      .select(['page_no', 'text'])
      .where('document_id', '=', documentId)
      .orderBy('page_no')
      .execute();
    const rows = Array.from({ length: marks }, (_, i) => {
      const page = pages[i % pages.length] as { page_no: number; text: string };
      const index = page.page_no - 1;
      const words = page.text.replace(/\s+$/, '');
      const start = words.length > 8 ? (i * 7) % (words.length - 8) : 0;
      const exact = words.slice(start, start + 6);
      const textMark = i % 2 === 0 && exact.trim().length > 0;
      const selectors = textMark
        ? [
            {
              type: 'TextQuoteSelector',
              exact,
              prefix: words.slice(Math.max(0, start - 8), start),
              suffix: words.slice(start + 6, start + 14),
            },
            { type: 'TextPositionSelector', start, end: start + exact.length },
            { type: 'PageSelector', index },
          ]
        : [{ type: 'FragmentSelector', conformsTo: 'http://tools.ietf.org/rfc/rfc3778', value: `page=${index + 1}` }];
      return {
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        document_id: documentId,
        author_id: reviewer.id,
        kind: textMark ? ('highlight' as const) : ('note' as const),
        category: 'content' as const,
        severity: 'minor' as const,
        comment: `第 ${i + 1} 条意见：此处论证不足，请补充数据来源并说明样本的选取方法`,
        stamp: null,
        page_index: index,
        selectors_json: JSON.stringify(selectors),
        suggestion: null,
        shape_json: null,
        revision: 1,
        deleted: 0,
        created_at: now,
        updated_at: now,
      };
    });
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insertInto('annotations')
        .values(rows.slice(i, i + 500))
        .execute();
    }
    return { token, documentId };
  } finally {
    await database.close();
  }
}

/** How long one health call took to answer, or to fail (a dropped connection: `failed`). */
async function healthMs(base: string): Promise<{ ms: number; failed: boolean }> {
  const started = performance.now();
  try {
    const response = await fetch(`${base}/api/v1/health`);
    await response.arrayBuffer();
    return { ms: performance.now() - started, failed: false };
  } catch {
    return { ms: performance.now() - started, failed: true };
  }
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const round1 = (value: number) => Math.round(value * 10) / 10;

interface Case {
  marks: number;
  parallel: number;
  idleHealthMs: number;
  healthMaxMs: number;
  healthP50Ms: number;
  healthAnswers: number;
  /** Health calls that failed (the connection dropped); their wait counts in healthMaxMs. */
  healthFailures: number;
  lastExportS: number;
  /** Each download's end: `pdf` (the file) or the refusal's code and message. */
  outcomes: string[];
}

async function measure(variant: Variant, marks: number, parallel: number): Promise<Case> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'zikao-bench-apdf-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(variant, port, dataDir);
  try {
    const { token, documentId } = await prepare(base, dataDir, marks);
    const idle: number[] = [];
    for (let i = 0; i < 10; i++) idle.push((await healthMs(base)).ms);
    let running = parallel;
    const started = performance.now();
    const downloads = Array.from({ length: parallel }, async () => {
      const t = Date.now();
      try {
        const response = await fetch(
          `${base}/api/v1/annotation/export/pdf/${documentId}?t=${t}&sig=${signParams({}, t)}`,
          {
            headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' },
          },
        );
        const body = Buffer.from(await response.arrayBuffer());
        if (body.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
        const envelope = JSON.parse(body.toString('utf8')) as { errorCode: number; errorMsg: string };
        return `${envelope.errorCode} ${envelope.errorMsg}`;
      } catch (error) {
        return `failed: ${String((error as Error).cause ?? error)}`;
      } finally {
        running -= 1;
      }
    });
    const health: number[] = [];
    let healthFailures = 0;
    while (running > 0) {
      const call = await healthMs(base);
      health.push(call.ms);
      if (call.failed) healthFailures += 1;
      await new Promise((resolve) => setTimeout(resolve, HEALTH_GAP_MS));
    }
    const outcomes = await Promise.all(downloads);
    return {
      marks,
      parallel,
      idleHealthMs: round1(quantile(idle, 0.5)),
      healthMaxMs: round1(Math.max(...health)),
      healthP50Ms: round1(quantile(health, 0.5)),
      healthAnswers: health.length,
      healthFailures,
      lastExportS: round1((performance.now() - started) / 1000),
      outcomes,
    };
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const variants: Variant[] = [{ name: 'current', root }];
if (process.env.BENCH_BASELINE_ROOT)
  variants.push({ name: 'baseline', root: path.resolve(process.env.BENCH_BASELINE_ROOT) });
const results: Record<string, Case[]> = Object.fromEntries(variants.map((variant) => [variant.name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const marks of MARKS) {
    for (const parallel of PARALLEL) {
      for (const variant of variants) {
        const measured = await measure(variant, marks, parallel);
        results[variant.name]?.push(measured);
        console.error(JSON.stringify({ variant: variant.name, ...measured }));
      }
    }
  }
}
console.log(JSON.stringify({ bench: 'annotated-pdf', load: process.env.BENCH_NOTE ?? null, ...results }));
