import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DocumentSummary } from '@zikao/contract/document';
import { documentBlocker, documentStep, isWordFile, refusedAsNotPdf } from './word-check.ts';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function summary(overrides: Partial<DocumentSummary>): DocumentSummary {
  return {
    id: 7,
    name: '论文.docx',
    status: 'queued',
    progress: 0,
    error: '',
    pageCount: 0,
    sourceMime: DOCX,
    createdAt: 0,
    ...overrides,
  };
}

const uploaded = (conversion: DocumentSummary | null, name = '论文.docx') => ({
  name,
  uploading: false,
  documentId: 7,
  conversion,
});

describe('the candidate checks a converted Word thesis before submitting (issue 23)', () => {
  it('asks for the check only once the Word file’s PDF exists, with its page count', () => {
    assert.deepEqual(documentStep(uploaded(summary({ status: 'converting', progress: 30 }))), {
      step: 'preparing',
      word: true,
    });
    const ready = documentStep(uploaded(summary({ status: 'ready', pageCount: 27 })));
    assert.deepEqual(ready, { step: 'check', documentId: 7, pageCount: 27 });
    assert.equal(documentBlocker(ready), null);
  });

  it('needs no check for a PDF of the candidate’s own, but still waits for it', () => {
    const pdf = (status: DocumentSummary['status']) =>
      documentStep(uploaded(summary({ status, sourceMime: 'application/pdf', pageCount: 3 }), '论文.pdf'));
    assert.deepEqual(pdf('ready'), { step: 'ready', documentId: 7 });
    assert.equal(documentBlocker(pdf('extracting')), '论文文件正在处理，请稍候');
  });

  it('blocks the submit while converting and after a failure, pointing a Word file to the PDF path', () => {
    assert.equal(documentBlocker(documentStep({ ...uploaded(null), documentId: null })), '请先上传论文文件');
    assert.equal(
      documentBlocker(documentStep({ name: '论文.docx', uploading: true, documentId: null, conversion: null })),
      'Word 文档正在转换为 PDF，完成后请核对',
    );
    const failed = documentStep(uploaded(summary({ status: 'failed', error: '文档转换超时' })));
    assert.deepEqual(failed, { step: 'failed', word: true, reason: '文档转换超时' });
    assert.equal(documentBlocker(failed), '转换失败，请改为上传 PDF');
  });

  it('tells Word from PDF by the server’s type, by the name before it answers', () => {
    assert.equal(isWordFile('论文.DOC', null), true);
    assert.equal(isWordFile('论文.pdf', null), false);
    assert.equal(isWordFile('论文.pdf', { sourceMime: DOCX }), true, 'the server sniffs the content');
  });

  it('takes only a PDF on the PDF path', () => {
    assert.equal(refusedAsNotPdf({ name: '论文.pdf', type: '' }), null);
    assert.equal(refusedAsNotPdf({ name: 'export', type: 'application/pdf' }), null);
    assert.match(refusedAsNotPdf({ name: '论文.docx', type: DOCX }) ?? '', /请上传 PDF 文件/);
  });
});
