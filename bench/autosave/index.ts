// Autosave at exam-deadline load (issue 22 §1). BENCH_REVIEWERS reviewers (500), each with a
// session of their own made in the set-up (not through the rate-limited sign-in) and a paper of
// their own assigned to them, save an annotation every BENCH_INTERVAL_MS (5 s), staggered, through
// the real signed HTTP API of the real server (a process of its own, bench/autosave/server.ts):
// four saves in five edit the reviewer's latest annotation (its comment changes, on the revision
// the last answer gave), the fifth adds a new one. Each reviewer first opens the workspace with one
// new annotation (untimed), then the timed load runs long enough for at least BENCH_MIN_SAVES
// (3,000) saves. BENCH_ROUNDS rounds (3), each on a fresh server process over the same database;
// the figures are the medians of the rounds' percentiles, since the machine is shared and noisy.
//
// statements_per_save is counted: the statements the server process sent during the round (the
// watched driver counts every one) over the saves it answered.
//
// After each round's saves, the anchor: the same clients at the same cadence ask for the public
// GET /api/v1/version (no database, no signature) for BENCH_ANCHOR_S (15 s), so that what the
// machine and the HTTP stack cost is read beside the saves (`sqlite.anchorP99`, `pg.anchorP99`).
//
// SQLite always (BENCH_SQLITE=0 leaves it out); PostgreSQL too when BENCH_DATABASE_URL names a
// server: the bench then creates a database of its own beside it and drops it at the end (never
// the database the URL names). BENCH_BASELINE_ROOT=<another checkout> runs that checkout's server
// too, its rounds taking turns with this one's on databases of its own, and prints its figures
// under `baseline`.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AnnotationInput, Role } from '@zikao/contract';
import { signParams } from '@zikao/contract/signature';
import type { Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema.ts';
import { hashSecret } from '../../apps/server/src/shared/tokens.ts';
import { createScratchDatabase } from '../../apps/server/src/test/scratch-database.ts';

const REVIEWERS = Number(process.env.BENCH_REVIEWERS ?? 500);
const INTERVAL_MS = Number(process.env.BENCH_INTERVAL_MS ?? 5000);
const MIN_SAVES = Number(process.env.BENCH_MIN_SAVES ?? 3000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Long enough for every reviewer to save ceil(MIN_SAVES / REVIEWERS) times, whatever their offset. */
const DURATION_MS =
  Number(process.env.BENCH_DURATION_S ?? 0) * 1000 ||
  Math.ceil(MIN_SAVES / REVIEWERS) * INTERVAL_MS + Math.min(INTERVAL_MS, 5000);
/** How long the anchor (GET /api/v1/version at the same cadence) runs after each round's saves. */
const ANCHOR_MS = Number(process.env.BENCH_ANCHOR_S ?? 15) * 1000;
/** One save in this many adds a new annotation; the others edit the latest. */
const NEW_EVERY = 5;

interface Reviewer {
  token: string;
  documentId: number;
  annotation: AnnotationInput;
  revision: number;
  edits: number;
}

interface Outcome {
  latencies: number[];
  errors: number;
  saves: number;
  statements: number;
  firstError: string | null;
}

const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

/** One signed POST as the web client sends it; resolves with the parsed envelope. */
function signedPost(
  port: number,
  url: string,
  body: Record<string, unknown>,
  token: string,
): Promise<{ errorCode: number; errorMsg: string; data: Record<string, unknown> }> {
  const t = Date.now();
  const payload = JSON.stringify({ ...body, t, sig: signParams(body, t) });
  return new Promise((resolve, reject) => {
    const call = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        path: url,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${token}`,
          'x-requested-with': 'XMLHttpRequest',
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch (error) {
            reject(error);
          }
        });
        response.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}

/** The anchor: GET /api/v1/version, public and unsigned, which touches no database. */
function version(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const call = request({ agent, host: '127.0.0.1', port, path: '/api/v1/version', method: 'GET' }, (response) => {
      response.on('data', () => {});
      response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`${response.statusCode}`))));
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end();
  });
}

function newAnnotation(index: number): AnnotationInput {
  return {
    id: randomUUID(),
    kind: 'highlight',
    category: 'language',
    severity: 'minor',
    comment: `此处表述不通顺（${index}）`,
    stamp: null,
    pageIndex: 0,
    selectors: [
      { type: 'TextQuoteSelector', exact: '乡村振兴', prefix: '论', suffix: '的研究' },
      { type: 'TextPositionSelector', start: 1, end: 5 },
      { type: 'PageSelector', index: 0 },
    ],
  };
}

/** A reviewer's next save: every NEW_EVERY-th a new annotation, else an edit of the latest. */
async function saveOnce(port: number, reviewer: Reviewer, outcome: Outcome | null): Promise<void> {
  reviewer.edits++;
  if (reviewer.edits % NEW_EVERY === 0) {
    reviewer.annotation = newAnnotation(reviewer.edits);
    reviewer.revision = 0;
  } else {
    reviewer.annotation = { ...reviewer.annotation, comment: `语句欠通顺，建议改写（第 ${reviewer.edits} 稿）` };
  }
  const body = { documentId: reviewer.documentId, annotation: reviewer.annotation, baseRevision: reviewer.revision };
  const started = performance.now();
  try {
    const answer = await signedPost(port, '/api/v1/annotation/save', body, reviewer.token);
    const elapsed = performance.now() - started;
    if (answer.errorCode !== 0 || answer.data?.revision !== reviewer.revision + 1) {
      throw new Error(`${answer.errorCode} ${answer.errorMsg} (revision ${String(answer.data?.revision)})`);
    }
    reviewer.revision = Number(answer.data.revision);
    if (outcome) {
      outcome.latencies.push(elapsed);
      outcome.saves++;
    }
  } catch (error) {
    if (!outcome) throw error;
    outcome.errors++;
    outcome.firstError ??= (error as Error).message;
  }
}

/** N reviewers, each with a session, a candidate and an assigned paper in review. */
async function seed(db: Kysely<Database>, count: number): Promise<Array<{ token: string; documentId: number }>> {
  const now = Date.now();
  const person = {
    password_hash: '',
    must_change_password: 0,
    disabled: 0,
    failed_logins: 0,
    locked_until: 0,
    school_name: '',
    school_logo: '',
    head_url: '',
    major_name: '汉语言文学',
    majors_json: '[]',
    apply_exam_level: '',
    exam_committee_name: '',
    created_at: now,
    updated_at: now,
  };
  return db.transaction().execute(async (trx) => {
    // Blind review, as most exam batches run: the save's answer masks the candidate for the reviewer.
    const batch = await trx
      .insertInto('batches')
      .values({
        name: `自动保存压测${process.pid}`,
        status: 'open',
        rules_json: '{"blindReview":true}',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const seeded: Array<{ token: string; documentId: number }> = [];
    for (let i = 0; i < count; i++) {
      const number = String(i).padStart(5, '0');
      const reviewer = await trx
        .insertInto('users')
        .values({
          ...person,
          account: `1370${number}`,
          name: `评阅${i + 1}`,
          role: Role.reviewer,
          exam_number: null,
          platform: 'teacher',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const student = await trx
        .insertInto('users')
        .values({
          ...person,
          account: `1371${number}`,
          name: `考生${i + 1}`,
          role: Role.student,
          exam_number: `0301${number}`,
          platform: 'student',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const document = await trx
        .insertInto('documents')
        .values({
          owner_id: student.id,
          upload_id: null,
          name: `论文${i + 1}.pdf`,
          source_sha256: '',
          source_mime: 'application/pdf',
          pdf_sha256: null,
          status: 'ready',
          progress: 100,
          error: '',
          page_count: 1,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const thesis = await trx
        .insertInto('theses')
        .values({
          batch_id: batch.id,
          student_id: student.id,
          major_name: '汉语言文学',
          title: `乡村振兴的研究${i + 1}`,
          advisor: '',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const submission = await trx
        .insertInto('submissions')
        .values({
          thesis_id: thesis.id,
          batch_id: batch.id,
          major_name: '汉语言文学',
          stage: 'draft',
          status: 'reviewing',
          reviewer_id: reviewer.id,
          current_version: 1,
          uploads_used: 1,
          row_version: 1,
          search_text: '',
          title_search: '',
          submitted_at: now,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('submission_versions')
        .values({
          submission_id: submission.id,
          version_no: 1,
          document_id: document.id,
          structured_json: null,
          attachments_json: '[]',
          plagiarism_rate: null,
          carry_state: 'none',
          submitted_at: now,
        })
        .execute();
      const token = randomBytes(32).toString('hex');
      await trx
        .insertInto('sessions')
        .values({ user_id: reviewer.id, token_hash: hashSecret(token), created_at: now, expires_at: now + 86_400_000 })
        .execute();
      seeded.push({ token, documentId: document.id });
    }
    return seeded;
  });
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

/** A version of the server to measure: this checkout, or the baseline one (BENCH_BASELINE_ROOT). */
interface Variant {
  name: 'current' | 'baseline';
  root: string;
}

async function startServer(
  variant: Variant,
  port: number,
  dataDir: string,
  databaseUrl: string | undefined,
): Promise<ChildProcess> {
  const { DATABASE_URL: _ignored, REDIS_URL: _redis, ...env } = process.env;
  const child = fork(path.join(import.meta.dirname, 'server.ts'), [], {
    env: {
      ...env,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      BENCH_SERVER_ROOT: variant.root,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web'),
      SEED_DEMO: '0',
      SEED_REVIEW_DEMO: '0',
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

interface ServerState {
  statements: number;
  pool: { total: number; idle: number; waiting: number } | null;
}

let questions = 0;

/** The server's statement count and pool now (each answer matched to its question). */
function stateOf(child: ChildProcess): Promise<ServerState> {
  const id = ++questions;
  return new Promise((resolve) => {
    const listener = (message: { type?: string; id?: number } & ServerState) => {
      if (message?.type !== 'statements' || message.id !== id) return;
      child.off('message', listener);
      resolve({ statements: Number(message.statements), pool: message.pool });
    };
    child.on('message', listener);
    child.send({ type: 'statements', id });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** CPU seconds (user + system) a process has used so far, from /proc; 0 where there is none. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

interface Round {
  p50: number;
  p99: number;
  max: number;
  saves: number;
  errors: number;
  firstError: string | null;
  statementsPerSave: number;
  serverCpuUsPerSave: number;
  /** The most queries seen waiting for a pooled connection (sampled every 50 ms); PostgreSQL only. */
  poolWaitingMax: number | null;
  /** The anchor's percentiles in the same round: what the machine and the HTTP stack alone cost. */
  anchorP50: number;
  anchorP99: number;
}

/**
 * The anchor after the saves, in the same round and at the same cadence: each reviewer's client
 * asks for /api/v1/version every INTERVAL_MS for ANCHOR_MS. What it costs is the machine's and the
 * HTTP stack's share of the saves' latency.
 */
async function anchor(port: number, clients: number): Promise<{ p50: number; p99: number }> {
  const latencies: number[] = [];
  const start = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      let at = Math.random() * INTERVAL_MS;
      while (at < ANCHOR_MS) {
        const wait = start + at - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const started = performance.now();
        await version(port);
        latencies.push(performance.now() - started);
        at += INTERVAL_MS;
      }
    }),
  );
  const sorted = latencies.sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
}

/** Each reviewer saves every INTERVAL_MS from a random offset in the first interval, until DURATION_MS. */
async function load(port: number, reviewers: Reviewer[], server: ChildProcess): Promise<Round> {
  const outcome: Outcome = { latencies: [], errors: 0, saves: 0, statements: 0, firstError: null };
  const before = await stateOf(server);
  const cpuBefore = cpuSeconds(server.pid);
  let poolWaitingMax: number | null = null;
  let asking = false;
  const sampler = setInterval(() => {
    // One question at a time: a busy server answers late, and the questions must not pile up.
    if (asking) return;
    asking = true;
    void stateOf(server).then((state) => {
      asking = false;
      if (state.pool) poolWaitingMax = Math.max(poolWaitingMax ?? 0, state.pool.waiting);
    });
  }, 50);
  const start = performance.now();
  await Promise.all(
    reviewers.map(async (reviewer) => {
      let at = Math.random() * INTERVAL_MS;
      while (at < DURATION_MS) {
        const wait = start + at - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        await saveOnce(port, reviewer, outcome);
        at += INTERVAL_MS;
      }
    }),
  );
  clearInterval(sampler);
  const after = await stateOf(server);
  const cpuAfter = cpuSeconds(server.pid);
  const sorted = [...outcome.latencies].sort((a, b) => a - b);
  const perSave = (value: number) => (outcome.saves > 0 ? value / outcome.saves : 0);
  const anchored = await anchor(port, reviewers.length);
  return {
    anchorP50: anchored.p50,
    anchorP99: anchored.p99,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? 0,
    saves: outcome.saves,
    errors: outcome.errors,
    firstError: outcome.firstError,
    statementsPerSave: perSave(after.statements - before.statements),
    serverCpuUsPerSave: perSave((cpuAfter - cpuBefore) * 1e6),
    poolWaitingMax,
  };
}

const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0);
const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const round1 = (value: number) => Number(value.toFixed(1));

interface Target {
  variant: Variant;
  dataDir: string;
  databaseUrl: string | undefined;
  reviewers: Reviewer[];
  rounds: Round[];
  drop: () => Promise<void>;
}

/** A variant's own database (its own migrations), seeded with the reviewers and their papers. */
async function prepare(variant: Variant, adminUrl: string | undefined): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `zikao-bench-autosave-${variant.name}-`));
  const created = adminUrl ? await createScratchDatabase(adminUrl, `bench_autosave_${variant.name}`) : null;
  const { openDatabase: open } = (await import(
    path.join(variant.root, 'apps/server/src/db/database.ts')
  )) as typeof import('../../apps/server/src/db/database.ts');
  const handle = await open({ dataDir, databaseUrl: created?.url });
  const seeded = await seed(handle.db, REVIEWERS);
  await handle.close();
  return {
    variant,
    dataDir,
    databaseUrl: created?.url,
    reviewers: seeded.map((one, i) => ({ ...one, annotation: newAnnotation(i), revision: 0, edits: 0 })),
    rounds: [],
    drop: async () => {
      await created?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One round of one variant: a fresh server process, the workspace opened (untimed), the timed load. */
async function runRound(target: Target, port: number): Promise<void> {
  const server = await startServer(target.variant, port, target.dataDir, target.databaseUrl);
  try {
    // Opening the workspace (untimed): each reviewer's first annotation, a few at a time, which
    // also warms the fresh process up.
    for (let i = 0; i < target.reviewers.length; i += 25) {
      await Promise.all(
        target.reviewers.slice(i, i + 25).map((reviewer) => {
          reviewer.edits = NEW_EVERY - 1;
          return saveOnce(port, reviewer, null);
        }),
      );
    }
    const round = await load(port, target.reviewers, server);
    if (round.firstError) console.error(`${target.variant.name}: first error: ${round.firstError}`);
    target.rounds.push(round);
  } finally {
    await stop(server);
  }
}

/** The medians of a variant's rounds. */
function summary(rounds: Round[]) {
  const of = (pick: (round: Round) => number) => median(rounds.map(pick));
  const known = (pick: (round: Round) => number | null) => {
    const values = rounds.map(pick).filter((value): value is number => value !== null);
    return values.length ? median(values) : null;
  };
  return {
    p50: round1(of((r) => r.p50)),
    p99: round1(of((r) => r.p99)),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    saves: of((r) => r.saves),
    statementsPerSave: Number(of((r) => r.statementsPerSave).toFixed(2)),
    serverCpuUsPerSave: Math.round(of((r) => r.serverCpuUsPerSave)),
    anchorP50: round1(of((r) => r.anchorP50)),
    anchorP99: round1(of((r) => r.anchorP99)),
    poolWaitingMax: known((r) => r.poolWaitingMax),
    rounds: rounds.map((r) => ({ p50: round1(r.p50), p99: round1(r.p99), max: round1(r.max), saves: r.saves })),
  };
}

/** Every variant on one dialect, their rounds taking turns, so that the machine's moods fall on each alike. */
async function measure(variants: Variant[], adminUrl?: string) {
  const targets: Target[] = [];
  try {
    for (const variant of variants) targets.push(await prepare(variant, adminUrl));
    const port = await freePort();
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of targets) await runRound(target, port);
    }
    return Object.fromEntries(targets.map((target) => [target.variant.name, summary(target.rounds)]));
  } finally {
    for (const target of targets) await target.drop();
  }
}

const variants: Variant[] = [{ name: 'current', root: path.resolve(import.meta.dirname, '../..') }];
if (process.env.BENCH_BASELINE_ROOT)
  variants.push({ name: 'baseline', root: path.resolve(process.env.BENCH_BASELINE_ROOT) });

// BENCH_SQLITE=0 leaves SQLite out (a PostgreSQL-only comparison); the figures need both.
const sqlite = process.env.BENCH_SQLITE === '0' ? {} : await measure(variants);
const pgUrl = process.env.BENCH_DATABASE_URL;
const postgres = pgUrl ? await measure(variants, pgUrl) : null;
agent.destroy();

const line = (name: Variant['name']) => {
  const lite = (sqlite as Record<string, ReturnType<typeof summary> | undefined>)[name];
  const pgSide = postgres?.[name];
  return {
    reviewers: REVIEWERS,
    ...(lite ? { sqlite_p50_ms: lite.p50, sqlite_p99_ms: lite.p99 } : {}),
    ...(pgSide ? { pg_p50_ms: pgSide.p50, pg_p99_ms: pgSide.p99 } : {}),
    errors: (lite?.errors ?? 0) + (pgSide?.errors ?? 0),
    statements_per_save: Math.max(lite?.statementsPerSave ?? 0, pgSide?.statementsPerSave ?? 0),
    // What the figures rest on: saves per round (medians), the rounds' own percentiles, the
    // server's CPU per save (less disturbed by a busy machine than latency), and on PostgreSQL
    // the most queries seen waiting for a pooled connection.
    ...(lite ? { sqlite: { ...lite, p50: undefined, p99: undefined, errors: undefined } } : {}),
    ...(pgSide ? { pg: { ...pgSide, p50: undefined, p99: undefined, errors: undefined } } : {}),
    rounds: ROUNDS,
    interval_ms: INTERVAL_MS,
    duration_s: DURATION_MS / 1000,
  };
};
const current = line('current');
const baseline = variants.length > 1 ? line('baseline') : null;
console.log(JSON.stringify(baseline ? { ...current, baseline } : current));
