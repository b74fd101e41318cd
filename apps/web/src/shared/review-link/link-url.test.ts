import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ReviewLinkDto } from '@zikao/contract/review-link';
import { absoluteLinkUrl, reusableCheckLink } from './link-url.ts';

const NOW = 1_800_000_000_000;
const row = (overrides: Partial<ReviewLinkDto> = {}): ReviewLinkDto => ({
  id: 1,
  submissionId: 12,
  stage: 'final',
  thesisTitle: '论文',
  purpose: 'check',
  label: '周管理',
  creatorName: '周管理',
  createdAt: NOW - 3_600_000,
  expiresAt: NOW + 20 * 3_600_000,
  status: 'active',
  useCount: 1,
  lastUsedAt: null,
  url: '/admin/thesis/review/12?lid=1&exp=1&sig=abc',
  ...overrides,
});

describe('review link addresses', () => {
  it('makes the full address of a link’s path and query', () => {
    assert.equal(
      absoluteLinkUrl('/admin/thesis/review/12?lid=3&exp=1900000000000&sig=a-b_c', 'https://zikao.example.cn'),
      'https://zikao.example.cn/admin/thesis/review/12?lid=3&exp=1900000000000&sig=a-b_c',
    );
  });

  it('reuses only the admin’s own live, short-lived check link of that submission with time left', () => {
    const reuse = (overrides: Partial<ReviewLinkDto>) => reusableCheckLink([row(overrides)], 12, '周管理', NOW, 1);
    assert.equal(reuse({})?.id, 1);
    assert.equal(reuse({ submissionId: 13 }), null);
    assert.equal(reuse({ purpose: 'review' }), null);
    assert.equal(reuse({ creatorName: '另一位管理员' }), null);
    assert.equal(reuse({ status: 'completed', url: null }), null);
    assert.equal(reuse({ expiresAt: NOW + 60_000 }), null, 'about to expire');
    assert.equal(reuse({ expiresAt: NOW + 7 * 86_400_000 }), null, 'a week-long link made to send on');
  });
});
