import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proxyEndpoints } from '@zikao/contract/endpoints';
import type { ProxyCall } from '@zikao/contract/endpoints/proxy';
import type { DocumentFacts, DocumentVersionFacts } from './access.repository.ts';
import { isDocumentOfLink, linkCallRefusal } from './link-rules.ts';

/** Every comment-proxy call, and the purposes that may make it (adr/011). */
const WRITES_REVIEW: ProxyCall[] = [
  'reviewSave',
  'reviewSubmit',
  'annotationSave',
  'annotationDelete',
  'annotationRestore',
  'annotationReply',
];
const CHECKS: ProxyCall[] = ['reviewCheck', 'reviewReopen'];

describe('review link rules', () => {
  it('a 评阅 link may make every call but the check; a 复核 link every call but writing the review', () => {
    const calls = Object.keys(proxyEndpoints) as ProxyCall[];
    assert.equal(calls.length, 18);
    for (const call of calls) {
      assert.equal(linkCallRefusal('review', call) === null, !CHECKS.includes(call), `评阅 ${call}`);
      assert.equal(linkCallRefusal('check', call) === null, !WRITES_REVIEW.includes(call), `复核 ${call}`);
    }
  });

  it('a document is inside a link when it is the paper of one of the link’s submission’s versions', () => {
    const version = (submissionId: number): DocumentVersionFacts => ({
      submission_id: submissionId,
      version_no: 1,
      current_version: 1,
      status: 'reviewing',
      reviewer_id: 3,
      student_id: 1,
      rules_json: '{}',
      review_state: null,
      stage: 'draft',
      thesis_title: '论文',
    });
    const document = (...versions: DocumentVersionFacts[]): DocumentFacts => ({
      id: 9,
      owner_id: 1,
      name: 'thesis.pdf',
      source_mime: 'application/pdf',
      page_count: 3,
      versions,
    });
    const link = { submissionId: 7 };
    assert.equal(isDocumentOfLink(link, document(version(7))), true);
    assert.equal(isDocumentOfLink(link, document(version(8), version(7))), true);
    assert.equal(isDocumentOfLink(link, document(version(8))), false);
    assert.equal(isDocumentOfLink(link, document()), false, 'a free upload');
    assert.equal(isDocumentOfLink(link, undefined), false, 'an unknown document');
  });
});
