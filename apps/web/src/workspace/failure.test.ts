import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ApiError } from '../shared/request/errors.ts';
import { documentLoadMessage } from './failure.ts';
import { PdfRangeError } from './pdf-ranges.ts';

const hasLatin = (text: string) => /[A-Za-z]{3,}/.test(text.replace(/PDF|HTTP/g, ''));

describe('what the workspace says when a document cannot be opened', () => {
  it('tells pdf.js’s failure in Chinese, never its English message', async () => {
    // The server's envelope taken for the file: pdf.js says "Invalid PDF structure.".
    const envelope = new TextEncoder().encode(JSON.stringify({ errorCode: 1040001, errorMsg: '文档尚未处理完成' }));
    const failure = await pdfjs.getDocument({ data: envelope, verbosity: 0 }).promise.then(
      () => assert.fail('pdf.js opened an envelope'),
      (error: unknown) => error,
    );
    assert.equal((failure as Error).message, 'Invalid PDF structure.');
    const message = documentLoadMessage(failure);
    assert.equal(message, 'PDF 文件无法解析（文件不完整或已损坏），请刷新页面重试');
    assert.ok(!hasLatin(message), message);
  });

  it('keeps the reason our own errors give, and says something general for anything else', () => {
    assert.equal(
      documentLoadMessage(new PdfRangeError('PDF 读取失败（分段应答有误）', 206)),
      'PDF 读取失败（分段应答有误）',
    );
    assert.equal(documentLoadMessage(new ApiError(1040001, '文档尚未处理完成')), '文档尚未处理完成');
    for (const other of [new Error('Worker was destroyed'), new TypeError('Failed to fetch'), 'boom', null]) {
      assert.equal(documentLoadMessage(other), '文档加载失败，请刷新页面重试');
    }
  });
});
