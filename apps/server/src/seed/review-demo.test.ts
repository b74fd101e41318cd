import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  type AnnotationDto,
  type DocumentText,
  STAGES,
  type SubmissionDetail,
  type SubmissionListResult,
  type SubmissionStatus,
  type VersionDiff,
} from '@zikao/contract';
import type { ListResult } from '@zikao/contract/envelope';
import type { ReviewLinkDto } from '@zikao/contract/review-link';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import {
  DEMO_TITLES,
  RESUBMITTED_DRAFT,
  THESIS_BODIES,
  thesisBodyFor,
  thesisFor,
  topicFieldsFor,
} from './review-text.ts';

/** Text as the PDF text layer gives it back, whitespace and line breaks aside. */
const squeeze = (text: string) => text.replace(/\s/g, '');

/** The chapter headings that name one thesis's own subject: all but 绪论, 结论 and 参考文献. */
const distinctiveHeadings = (title: string) =>
  thesisFor(title)
    .sections.map((section) => section.heading)
    .filter((heading) => !/绪论|结论/.test(heading));

describe('review demo text', () => {
  it('writes a body for every demo title, with chapters of its own and references', () => {
    const titles = [...DEMO_TITLES, RESUBMITTED_DRAFT.first.title];
    assert.equal(new Set(THESIS_BODIES.map((body) => body.title)).size, THESIS_BODIES.length, 'one body per title');
    for (const title of titles) {
      assert.ok(
        THESIS_BODIES.some((body) => body.title === title),
        `${title} has its own body`,
      );
      const body = thesisFor(title);
      assert.equal(body.sections[0]?.heading, '第一章 绪论', title);
      assert.match(body.sections.at(-1)?.heading ?? '', /^第.章 结论$/, title);
      assert.ok(body.references.length >= 4 && body.references.length <= 6, `${title}: 4–6 references`);
      for (const [i, reference] of body.references.entries()) {
        assert.match(reference, new RegExp(`^\\[${i + 1}\\] .+\\[(M|J|R|S|Z)\\]`), reference);
      }
      assert.equal(thesisBodyFor(title).at(-1)?.heading, '参考文献');
      assert.ok(distinctiveHeadings(title).length >= 2, `${title}: chapters of its own`);
      const fields = topicFieldsFor(title);
      assert.equal(fields.title, title);
      assert.ok(fields.rationale.length > 80 && fields.outline.includes('第二章'), title);
    }
    const headings = THESIS_BODIES.flatMap((body) => distinctiveHeadings(body.title));
    assert.equal(new Set(headings).size, headings.length, 'no two theses share a chapter heading');
  });

  it('falls back to a plain body that names a title nobody wrote for', () => {
    const sections = thesisBodyFor('某县农村集体经济发展研究');
    assert.ok(sections.length >= 3);
    assert.match(sections[0]?.paragraphs[0] ?? '', /某县农村集体经济发展研究/);
  });
});

describe('review demo data', () => {
  let app: TestApp;
  let reviewer: string;
  let admin: string;
  before(async () => {
    app = await createTestApp({ SEED_REVIEW_DEMO: '1' });
    reviewer = await app.login('13800000003');
    admin = await app.login('13800000004');
  });
  after(() => app.close());

  const counts = async (stage: string, token: string) =>
    (await app.post<SubmissionListResult>('/api/v1/submission/list', { stage, scope: 'all' }, { token })).body.data;

  it('gives the demo reviewer candidates in every stage and status', async () => {
    for (const stage of STAGES) {
      const mine = await counts(stage, reviewer);
      const expected: SubmissionStatus[] = ['assigned', 'reviewing', 'passed', 'failed'];
      if (stage !== 'final' && stage !== 'retest') expected.push('returned');
      for (const status of expected) assert.ok(mine.counts[status] > 0, `${stage} ${status}`);
      assert.equal(mine.counts.unassigned, 0, 'a reviewer never sees unassigned work');
      assert.ok((await counts(stage, admin)).counts.unassigned > 0, `${stage} unassigned for the admin`);
      assert.ok(
        mine.list.some((row) => row.studentName === '' && row.examNo === ''),
        `${stage} has a blind row`,
      );
      assert.ok(
        mine.list.some((row) => row.studentName !== ''),
        `${stage} has named rows`,
      );
    }
  });

  it('seeds a resubmitted draft whose annotations are carried onto real Chinese PDF text', async () => {
    const drafts = await counts('draft', reviewer);
    const resubmitted = drafts.list.find((row) => row.version === 2);
    assert.ok(resubmitted, 'one draft is on its second version');
    const first = await app.post<SubmissionDetail>(
      '/api/v1/submission/detail',
      { submissionId: resubmitted.id },
      { token: reviewer },
    );
    const documentIds = first.body.data.versions.map((v) => v.documentId as number);
    assert.equal(documentIds.length, 2);
    await Promise.all(documentIds.map((id) => app.documents.settled(id)));
    const text = await app.post<DocumentText>(
      '/api/v1/document/text',
      { documentId: documentIds[0] },
      { token: reviewer },
    );
    assert.equal(text.body.errorCode, 0, text.body.errorMsg);
    assert.ok(text.body.data.pages.length >= 4);
    assert.match(text.body.data.pages[1]?.text ?? '', /第一章 绪论/);
    const detail = await app.post<SubmissionDetail>(
      '/api/v1/submission/detail',
      { submissionId: resubmitted.id },
      { token: reviewer },
    );
    assert.equal(detail.body.data.versions[0]?.review?.verdict, 'revise');
    // The three highlights as before, and the marks of issue 24: the underline, the suggestions
    // and the arrow stay (their text is unchanged), the struck-out opening and the circled 全部
    // were rewritten (orphaned), and the pen tick and margin bar, with no text under them, 需核对.
    const carried = detail.body.data.carried;
    assert.deepEqual(carried?.counts, { found: 5, moved: 1, orphaned: 3, unverified: 2 });
    const statusOf = (kind: string) =>
      carried?.items
        .filter((item) => item.kind === kind)
        .map((item) => item.status)
        .join();
    assert.deepEqual(['underline', 'replace', 'insert', 'arrow', 'strikeout', 'ellipse', 'pen', 'line'].map(statusOf), [
      'found',
      'found',
      'found',
      'found',
      'orphaned',
      'orphaned',
      'unverified',
      'unverified',
    ]);
    assert.equal(carried?.items.find((item) => item.kind === 'replace')?.suggestion, '全盘否定');

    // The drawn marks over text are drawn over that text in the PDF: each viewrect holds the
    // glyphs of its quote, as the document service measured them.
    const annotations = await app.post<AnnotationDto[]>(
      '/api/v1/annotation/list',
      { documentId: documentIds[0] },
      { token: reviewer },
    );
    const pages = await app.database.db
      .selectFrom('document_pages')
      .select(['page_no', 'height', 'text', 'geometry_json'])
      .where('document_id', '=', documentIds[0] as number)
      .orderBy('page_no')
      .execute();
    const drawnOverText = annotations.body.data.filter((a) => a.shape && a.kind !== 'pen' && a.kind !== 'line');
    assert.equal(drawnOverText.length, 2);
    for (const mark of drawnOverText) {
      const quote = mark.selectors.find((s) => s.type === 'TextQuoteSelector');
      const fragment = mark.selectors.find((s) => s.type === 'FragmentSelector');
      assert.ok(quote?.type === 'TextQuoteSelector' && fragment?.type === 'FragmentSelector');
      const page = pages[mark.pageIndex] as (typeof pages)[number];
      const at = squeeze(page.text).indexOf(quote.exact);
      assert.ok(at >= 0, quote.exact);
      const [x, y, w, h] = (fragment.value.split('viewrect=')[1] ?? '').split(',').map(Number) as number[];
      // The quote's first glyph: its text box, measured from the top-left like the viewrect.
      const offset = page.text.indexOf(quote.exact[0] as string, page.text.indexOf(quote.exact.slice(0, 2)));
      const box = (JSON.parse(page.geometry_json) as number[][]).find(
        ([s, e]) => offset >= (s as number) && offset < (e as number),
      );
      assert.ok(box, `a text box for ${quote.exact}`);
      const [s, e, bx, by, bw] = box as [number, number, number, number, number];
      const glyphX = bx + (bw * (offset - s)) / (e - s);
      const glyphY = page.height - by;
      if (mark.kind === 'ellipse') {
        assert.ok(glyphX > (x as number) && glyphX < (x as number) + (w as number), `${glyphX} in ${fragment.value}`);
        assert.ok(glyphY > (y as number) && glyphY < (y as number) + (h as number), `${glyphY} in ${fragment.value}`);
      } else {
        // The arrow's head ends just under the phrase.
        const [, [hx, hy]] = (mark.shape?.strokes[0] ?? []) as [number[], number[]];
        assert.ok(Math.abs((hx as number) * 595 - (glyphX + 24)) < 2, `head x ${(hx as number) * 595} vs ${glyphX}`);
        assert.ok(Math.abs((hy as number) * 842 - glyphY) < 10, `head y ${(hy as number) * 842} vs ${glyphY}`);
      }
    }
  });

  it('prints each seeded thesis with the text of its own title, every character read back', async () => {
    // The review demo's own theses; other seeds' PDFs are theirs to write.
    const ours = new Set([...DEMO_TITLES, RESUBMITTED_DRAFT.first.title]);
    const documents: Array<{ title: string; documentId: number; versionNo: number }> = [];
    for (const stage of STAGES.filter((s) => s !== 'topic')) {
      const { list } = (
        await app.post<SubmissionListResult>(
          '/api/v1/submission/list',
          { stage, scope: 'all', page: 1, pageSize: 100 },
          { token: admin },
        )
      ).body.data;
      for (const row of list) {
        if (!ours.has(row.title)) continue;
        const detail = (
          await app.post<SubmissionDetail>('/api/v1/submission/detail', { submissionId: row.id }, { token: admin })
        ).body.data;
        for (const version of detail.versions) {
          if (version.documentId) {
            documents.push({
              title: detail.thesis.title,
              documentId: version.documentId,
              versionNo: version.versionNo,
            });
          }
        }
      }
    }
    const titles = new Set(documents.map((d) => d.title));
    assert.equal(titles.size, 29, 'every thesis past its topic has PDFs');
    for (const { title, documentId, versionNo } of documents) {
      await app.documents.settled(documentId);
      const text = await app.post<DocumentText>('/api/v1/document/text', { documentId }, { token: admin });
      assert.equal(text.body.errorCode, 0, text.body.errorMsg);
      const pages = text.body.data.pages.map((page) => page.text);
      const body =
        title === RESUBMITTED_DRAFT.first.title && versionNo === 2 ? RESUBMITTED_DRAFT.second : thesisFor(title);
      const sections = [...body.sections, { heading: '参考文献', paragraphs: body.references }];
      assert.equal(pages.length, sections.length + 1, title);
      assert.ok(squeeze(pages[0] ?? '').startsWith(squeeze(title)), `${title}: cover`);
      // Every glyph comes back as the character drawn: none blank, none mapped to another.
      sections.forEach((section, i) => {
        const expected = squeeze(`${section.heading}${section.paragraphs.join('')}第${i + 2}页共${pages.length}页`);
        assert.equal(squeeze(pages[i + 1] ?? ''), expected, `${title} page ${i + 2}`);
      });
      const whole = pages.join('');
      for (const { title: other } of THESIS_BODIES) {
        if (other === title) continue;
        for (const heading of distinctiveHeadings(other)) {
          assert.ok(!whole.includes(heading), `${title} has none of ${other}'s chapters (${heading})`);
        }
      }
    }
  });

  it('gives the resubmitted draft a second version whose diff shows the revision', async () => {
    const drafts = await counts('draft', reviewer);
    const resubmitted = drafts.list.find((row) => row.version === 2);
    assert.ok(resubmitted);
    const diff = await app.post<VersionDiff>(
      '/api/v1/submission/diff',
      { submissionId: resubmitted.id, fromVersion: 1, toVersion: 2 },
      { token: reviewer },
    );
    assert.equal(diff.body.errorCode, 0, diff.body.errorMsg);
    const lines = (op: 'insert' | 'delete') =>
      squeeze(
        diff.body.data.ops
          .filter((o) => o.op === op)
          .flatMap((o) => o.lines)
          .join(''),
      );
    const [intro, sources, influence] = RESUBMITTED_DRAFT.first.sections;
    const added = RESUBMITTED_DRAFT.second.sections[0]?.paragraphs[1] ?? '';
    assert.ok(lines('insert').includes(squeeze(added)), 'the added paragraph shows as inserted');
    assert.ok(lines('delete').includes(squeeze(influence?.paragraphs[0] ?? '')), 'the dropped paragraph as deleted');
    assert.ok(!lines('delete').includes(squeeze(intro?.paragraphs[0] ?? '')), 'the kept opening is unchanged');
    assert.ok(
      lines('delete').includes('全部来自网民') && lines('insert').includes('大多来自网民'),
      'a reworded passage',
    );
    assert.ok(sources && diff.body.data.stats.equal > 0 && diff.body.data.stats.inserted > 0);
  });

  it('makes a 评阅 link and a 复核 link for a submission 待复核, logs which, and both open', async () => {
    const links = await app.post<ListResult<ReviewLinkDto>>('/api/v1/console/reviewLink/list', {}, { token: admin });
    assert.equal(links.body.errorCode, 0, links.body.errorMsg);
    const active = links.body.data.list.filter((row) => row.status === 'active');
    assert.deepEqual(active.map((row) => row.purpose).sort(), ['check', 'review']);
    const logged = app.logs.filter((line) => String(line.msg).startsWith('demo review link'));
    assert.equal(logged.length, 2);
    for (const row of active) {
      assert.ok(
        logged.some(
          (line) => line.linkId === row.id && line.submissionId === row.submissionId && line.purpose === row.purpose,
        ),
        `${row.purpose} is logged by its id`,
      );
      const query = new URL(row.url as string, 'http://demo.local').searchParams;
      const credential = { lid: query.get('lid'), exp: query.get('exp'), linkSig: query.get('sig') };
      const opened = await app.post<SubmissionDetail>('/api/qianwei/v1/comment-prx/submission/detail', {
        submissionId: row.submissionId,
        ...credential,
      });
      assert.equal(opened.body.errorCode, 0, opened.body.errorMsg);
      if (row.purpose === 'check') assert.equal(opened.body.data.status, 'awaiting_check');
      else assert.equal(opened.body.data.reviewer?.name, row.label);
    }
  });

  it('writes no signed link to the log: no signature, nor any active link’s (adr/028)', async () => {
    const links = await app.post<ListResult<ReviewLinkDto>>('/api/v1/console/reviewLink/list', {}, { token: admin });
    const signatures = links.body.data.list
      .filter((row) => row.url)
      .map((row) => new URL(row.url as string, 'http://demo.local').searchParams.get('sig') as string);
    assert.equal(signatures.length, 2);
    assert.ok(
      app.logs.some((line) => line.msg === 'demo data created'),
      'the demo was seeded here',
    );
    for (const line of app.logs) {
      const text = JSON.stringify(line);
      // The review and board links carry their signatures as `sig`; the pages send them on as `linkSig`.
      assert.doesNotMatch(text, /[?&](sig|linkSig)=|"(sig|linkSig)":/, text);
      assert.doesNotMatch(text, /\/board\?|\/admin\/[^"]*\?[^"]*lid=/, text);
      for (const signature of signatures) assert.ok(!text.includes(signature), `${line.msg} holds a link’s signature`);
    }
  });

  it('marks every account the demo seed made as a demo account (adr/028)', async () => {
    const accounts = await app.database.db.selectFrom('users').select(['account', 'demo']).execute();
    assert.ok(accounts.length > 50, 'the whole demo: candidates, reviewers, trainees, the expert');
    assert.deepEqual(
      accounts.filter((row) => row.demo !== 1).map((row) => row.account),
      [],
    );
  });
});
