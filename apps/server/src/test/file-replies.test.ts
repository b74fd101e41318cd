import assert from 'node:assert/strict';
import { tracingChannel } from 'node:diagnostics_channel';
import {
  Agent,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { after, before, describe, it } from 'node:test';
import { Role, signParams } from '@zikao/contract';
import type { CourseDto } from '@zikao/contract/course';
import {
  boardLink,
  buildCourseWorld,
  type CourseWorld,
  createCourse,
  credentialOf,
  TEST_LINK_SECRET,
  uploadCourseware,
} from '../teaching/course/course.test-kit.ts';
import { eventually } from './eventually.ts';
import { buildBatch, buildDocument, buildSubmission, buildUser } from './factories.ts';
import { multiPagePdf } from './fixtures.ts';
import { tongjiThesis } from './real-documents.ts';
import { createTestApp, type TestApp } from './test-app.ts';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** How a client gives up a request: once its answer starts, or while the server is still on it. */
type Abandon = 'at-first-bytes' | 'before-the-answer';

/**
 * A GET over a real connection of `agent` (kept alive, so that a byte written after an answer
 * would spoil the next answer on the same socket). An abandoned request (pdf.js cancels ranges, a
 * reader leaves the page) resolves with null.
 */
function get(agent: Agent, url: string, headers: Record<string, string>, abandon?: Abandon): Promise<Answer | null> {
  return new Promise((resolve, reject) => {
    const call = httpRequest(url, { agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        if (abandon) call.destroy();
      });
      response.on('end', () => {
        if (!abandon)
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
      });
    });
    if (abandon === 'before-the-answer') call.on('finish', () => setTimeout(() => call.destroy(), 5));
    call.on('error', (error) => (abandon ? resolve(null) : reject(error)));
    call.on('close', () => resolve(null));
    call.end();
  });
}

/**
 * Fastify's words, logged from line `since` on, for a reply sent twice or an envelope sent on a
 * file's reply; each with the address of its request.
 */
function doubleSends(app: TestApp, since: number): string[] {
  const lines = app.logs.slice(since);
  const urls = new Map(
    lines
      .filter((line) => line.msg === 'incoming request')
      .map((line) => [line.reqId, (line.req as { url: string }).url]),
  );
  return lines
    .filter((line) => {
      const code = (line.err as { code?: string } | undefined)?.code;
      return (
        code === 'FST_ERR_REP_ALREADY_SENT' ||
        code === 'FST_ERR_REP_INVALID_PAYLOAD_TYPE' ||
        /already sent/i.test(String(line.msg)) ||
        (line.level as number) >= 50
      );
    })
    .map((line) => {
      const code = (line.err as { code?: string } | undefined)?.code ?? line.msg;
      return `${String(urls.get(line.reqId)).replace(/\?.*/, '')}: ${line.level} ${code}`;
    });
}

/**
 * Route handlers under way, from Fastify's tracing channel: an async handler's turn ends
 * (`asyncEnd`) after Fastify has sent what its promise settled with, the second send included.
 */
let running = 0;
const handlerChannel = tracingChannel('fastify.request.handler');
const handlerHooks = {
  start: () => running++,
  end: (context: object) => {
    if (!(context as { async?: boolean }).async) running--;
  },
  asyncStart: () => {},
  asyncEnd: () => running--,
  error: () => {},
};

/** Server-side responses not yet closed: finished, or ended by an abandoned connection. */
let open = 0;
function countResponses(_request: IncomingMessage, response: ServerResponse): void {
  open++;
  response.once('close', () => open--);
}

/**
 * Waits until every handler's answer is settled and every response has closed, abandoned ones
 * included: Fastify logs a failed answer from the response's own events, before it closes.
 */
async function settled(): Promise<void> {
  await eventually(() => {
    assert.equal(running, 0);
    assert.equal(open, 0);
  }, 30_000);
  await new Promise((resolve) => setImmediate(resolve));
}

describe('file answers: the bytes a range asks for, each reply sent once', () => {
  let app: TestApp;
  let base: string;
  let agent: Agent;
  let world: CourseWorld;
  let course: CourseDto;
  let pdf: Buffer;
  let documentId: number;
  /** The document's owner, a reviewer with documents of their own. */
  let owner: Record<string, string>;

  before(async () => {
    handlerChannel.subscribe(handlerHooks);
    // Debug turns Fastify's request logs on, so that a failure names each request's address.
    app = await createTestApp({ LINK_SECRET: TEST_LINK_SECRET, LOG_LEVEL: 'debug' });
    world = await buildCourseWorld(app);
    course = await createCourse(app, world);
    await uploadCourseware(app, world.lecturer.token, course.id, multiPagePdf(['One', 'Two']), '第一讲.pdf');
    pdf = tongjiThesis();
    const ownerUser = await buildUser(app, { role: Role.reviewer });
    const ownerToken = await app.login(ownerUser.account, ownerUser.password);
    owner = { authorization: `Bearer ${ownerToken}` };
    documentId = await buildDocument(app, ownerToken, pdf, '论文.pdf');
    base = await app.server.listen({ port: 0, host: '127.0.0.1' });
    app.server.server.on('request', countResponses);
    agent = new Agent({ keepAlive: true, maxSockets: 4 });
  });
  after(async () => {
    handlerChannel.unsubscribe(handlerHooks);
    agent?.destroy();
    await app.close();
  });

  it('answers concurrent, overlapping and abandoned range requests with the file’s own bytes', async () => {
    const since = app.logs.length;
    const url = `${base}/api/v1/document/file/${documentId}`;
    const auth = owner;
    const chunk = 64 * 1024;
    // pdf.js's way: both ends at once, then chunks, some of them given up half-way.
    const ranges = Array.from({ length: 48 }, (_, index) => {
      if (index % 8 === 0) return { range: `bytes=-${chunk}`, start: pdf.length - chunk, end: pdf.length - 1 };
      const start = (index * 37_123) % (pdf.length - 1000);
      const end = Math.min(pdf.length - 1, start + chunk - 1);
      return { range: `bytes=${start}-${end}`, start, end };
    });
    const answers = await Promise.all(
      ranges.map((range, index) =>
        get(agent, url, { ...auth, range: range.range }, index % 3 === 1 ? 'at-first-bytes' : undefined),
      ),
    );
    let checked = 0;
    for (const [index, answer] of answers.entries()) {
      const range = ranges[index];
      if (!answer || !range) continue;
      checked++;
      assert.equal(answer.status, 206, range.range);
      assert.equal(answer.headers['content-range'], `bytes ${range.start}-${range.end}/${pdf.length}`);
      assert.ok(answer.body.equals(pdf.subarray(range.start, range.end + 1)), `the bytes of ${range.range}`);
    }
    assert.ok(checked >= 32, `${checked} answers read whole`);
    // The same connections still answer whole and clean after the abandoned ones.
    const whole = await get(agent, url, auth);
    assert.ok(whole?.body.equals(pdf));
    await settled();
    assert.deepEqual(doubleSends(app, since), []);
  });

  it('sends the board’s and the console’s page images and the exports once, abandoned or not', async () => {
    const since = app.logs.length;
    const lecturer = { authorization: `Bearer ${world.lecturer.token}` };
    const link = new URLSearchParams(
      credentialOf((await boardLink(app, world.lecturer.token, course.id, 'viewer')).url),
    );
    const context = await app.post<{ deck: Array<{ fileId: number; pageNo: number }> }>(
      '/api/v1/board/context',
      Object.fromEntries(link),
    );
    const page = context.body.data.deck[0];
    assert.ok(page, 'the deck has a page');
    const signed = () => {
      const t = Date.now();
      return `t=${t}&sig=${encodeURIComponent(signParams({}, t))}`;
    };
    const calls: Array<{ url: string; headers: Record<string, string>; magic: string }> = [
      { url: `${base}/api/v1/board/page/${page.fileId}/${page.pageNo}?${link}`, headers: {}, magic: '\x89PNG' },
      {
        url: `${base}/api/v1/course/courseware/page/${page.fileId}/${page.pageNo}`,
        headers: lecturer,
        magic: '\x89PNG',
      },
      { url: `${base}/api/v1/annotation/export/pdf/${documentId}?${signed()}`, headers: owner, magic: '%PDF' },
      { url: `${base}/api/v1/annotation/export/jsonld/${documentId}?${signed()}`, headers: owner, magic: '{' },
    ];
    for (const call of calls) {
      const [kept] = await Promise.all([
        get(agent, call.url, call.headers),
        get(agent, call.url, call.headers, 'at-first-bytes'),
        get(agent, call.url, call.headers, 'before-the-answer'),
      ]);
      assert.equal(kept?.status, 200, call.url);
      assert.equal(kept?.body.subarray(0, call.magic.length).toString('latin1'), call.magic, call.url);
    }
    await settled();
    assert.deepEqual(doubleSends(app, since), []);
  });

  it('lets a browser keep a PDF only until its file changes: ETag, 304, and If-Range', async () => {
    const url = `${base}/api/v1/document/file/${documentId}`;
    const auth = owner;
    const first = await get(agent, url, { ...auth, range: 'bytes=0-99' });
    const etag = String(first?.headers.etag);
    assert.equal(first?.headers['cache-control'], 'private, no-cache');
    const unchanged = await get(agent, url, { ...auth, range: 'bytes=0-99', 'if-none-match': etag });
    assert.equal(unchanged?.status, 304);
    assert.equal(unchanged?.body.length, 0);
    const sameFile = await get(agent, url, { ...auth, range: 'bytes=100-199', 'if-range': etag });
    assert.equal(sameFile?.status, 206);
    assert.ok(sameFile?.body.equals(pdf.subarray(100, 200)));
    // Bytes kept of another file: the browser must not join this range to them.
    const otherFile = await get(agent, url, { ...auth, range: 'bytes=100-199', 'if-range': '"another-file"' });
    assert.equal(otherFile?.status, 200);
    assert.ok(otherFile?.body.equals(pdf));

    // One address, two files: the owner's upload, and to a reviewer the copy without metadata.
    const reviewer = await buildUser(app, { role: Role.reviewer });
    const batchId = await buildBatch(app);
    await buildSubmission(app, { batchId, status: 'assigned', reviewerId: reviewer.id, documentId });
    const reviewerToken = await app.login(reviewer.account, reviewer.password);
    const copy = await get(agent, url, {
      authorization: `Bearer ${reviewerToken}`,
      range: 'bytes=0-99',
      'if-none-match': etag,
    });
    assert.equal(copy?.status, 206, 'the owner’s kept bytes are not the reviewer’s file');
    assert.notEqual(copy?.headers.etag, etag);
  });

  it('never lets a cache keep an error answered at a file’s address', async () => {
    const missing = await get(agent, `${base}/api/v1/document/file/999999`, {
      ...owner,
      range: 'bytes=0-262143',
    });
    assert.equal(missing?.status, 200);
    assert.match(String(missing?.headers['content-type']), /json/);
    assert.equal(missing?.headers['cache-control'], 'no-store');
  });
});
