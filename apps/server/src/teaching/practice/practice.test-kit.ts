import { randomUUID } from 'node:crypto';
import { DocumentText, describeArea, describeTextRange } from '@zikao/anchoring';
import type {
  AnnotationCategory,
  AnnotationDto,
  AnnotationInput,
  DocumentText as DocumentTextDto,
} from '@zikao/contract';
import type { ConsolePracticeThesisDto, PracticeAttemptDto } from '@zikao/contract/practice';
import { buildDocument } from '../../test/factories.ts';
import { multiPagePdf } from '../../test/fixtures.ts';
import type { ApiResponse, TestApp } from '../../test/test-app.ts';

/** The practice thesis of the tests: "method" occurs on both pages. */
export const PAGES = ['Alpha method gives results here', 'Beta method discussion there'];

/** Throws unless the call succeeded; answers its data. */
export function ok<T>(response: ApiResponse<T>): T {
  if (response.body.errorCode !== 0) throw new Error(`${response.body.errorCode} ${response.body.errorMsg}`);
  return response.body.data;
}

export async function documentText(app: TestApp, token: string, documentId: number): Promise<DocumentText> {
  const text = ok(await app.post<DocumentTextDto>('/api/v1/document/text', { documentId }, { token }));
  return new DocumentText(text.pages.map((page) => page.text));
}

/** A highlight of the `occurrence`-th (0-based) place of `words` in the document's text. */
export function highlight(
  doc: DocumentText,
  words: string,
  category: AnnotationCategory,
  comment: string,
  occurrence = 0,
): AnnotationInput {
  let start = -1;
  for (let i = 0; i <= occurrence; i++) start = doc.text.indexOf(words, start + 1);
  if (start < 0) throw new Error(`${words} is not in the document`);
  const selectors = describeTextRange(doc, start, start + words.length);
  return {
    id: randomUUID(),
    kind: 'highlight',
    category,
    severity: 'major',
    comment,
    stamp: null,
    pageIndex: selectors[2].index,
    selectors,
  };
}

export function box(
  page: number,
  rect: { x: number; y: number; width: number; height: number },
  category: AnnotationCategory,
  comment: string,
): AnnotationInput {
  return {
    id: randomUUID(),
    kind: 'area',
    category,
    severity: 'minor',
    comment,
    stamp: null,
    pageIndex: page,
    selectors: [describeArea(page, rect)],
  };
}

export const saveAnnotation = (app: TestApp, token: string, documentId: number, annotation: AnnotationInput) =>
  app.post<AnnotationDto>('/api/v1/annotation/save', { documentId, annotation, baseRevision: 0 }, { token });

/** The expert's three points: "method" on page 1 (content), "results" (language), a box on page 2 (format). */
export const REFERENCE_COMMENTS = ['方法表述含糊', '结果用词不当', '页面版式问题'];

/** An admin uploads the PDF, makes a draft practice thesis and marks the three reference points. */
export async function buildPracticeThesis(
  app: TestApp,
  adminToken: string,
  options: { publish?: boolean; title?: string } = {},
): Promise<{ thesis: ConsolePracticeThesisDto; references: AnnotationDto[] }> {
  const documentId = await buildDocument(app, adminToken, multiPagePdf(PAGES), 'practice.pdf');
  const thesis = ok(
    await app.post<ConsolePracticeThesisDto>(
      '/api/v1/console/practice/create',
      {
        documentId,
        title: options.title ?? '论新词语的规范问题',
        majorName: '汉语言文学',
        difficulty: 'intermediate',
        tags: ['语言', '规范'],
        description: '请找出论文在内容、语言和格式上的问题。',
      },
      { token: adminToken },
    ),
  );
  const doc = await documentText(app, adminToken, documentId);
  const references: AnnotationDto[] = [];
  for (const annotation of [
    highlight(doc, 'method', 'content', REFERENCE_COMMENTS[0] as string),
    highlight(doc, 'results', 'language', REFERENCE_COMMENTS[1] as string),
    box(1, { x: 60, y: 80, width: 300, height: 80 }, 'format', REFERENCE_COMMENTS[2] as string),
  ]) {
    references.push(ok(await saveAnnotation(app, adminToken, documentId, annotation)));
  }
  if (options.publish !== false) {
    ok(await app.post('/api/v1/console/practice/publish', { id: thesis.id }, { token: adminToken }));
  }
  return { thesis, references };
}

export const startAttempt = async (app: TestApp, token: string, thesisId: number) =>
  ok(await app.post<PracticeAttemptDto>('/api/v1/practice/start', { thesisId }, { token }));
