import { randomUUID } from 'node:crypto';
import type { AnnotationInput } from '@zikao/contract';
import { proxyPath } from '@zikao/contract/endpoints';
import type { ReviewLinkCreated } from '@zikao/contract/review-link';
import type { ApiResponse, CallOptions, TestApp } from '../../test/test-app.ts';

/** The tests' LINK_SECRET: known, so a test can sign a link it altered (an expiry moved). */
export const TEST_LINK_SECRET = 'test-link-secret-0123456789abcdef-0123456789';

/** A page's credential, as the web client merges it into bodies (the page's `sig` sent as `linkSig`). */
export interface Credential {
  lid: string;
  exp: string;
  linkSig: string;
}

export function credentialOf(url: string): Credential {
  const query = new URL(url, 'http://page.local').searchParams;
  return { lid: query.get('lid') ?? '', exp: query.get('exp') ?? '', linkSig: query.get('sig') ?? '' };
}

export interface CreatedLink extends ReviewLinkCreated {
  credential: Credential;
}

/** An admin makes a link in the console; throws unless it is made. */
export async function createLink(
  app: TestApp,
  adminToken: string,
  input: { submissionId: number; purpose: 'review' | 'check'; label?: string; expiresInDays?: number },
): Promise<CreatedLink> {
  const response = await app.post<ReviewLinkCreated>(
    '/api/v1/console/reviewLink/create',
    { label: input.purpose === 'review' ? '王教授（华南理工大学）' : undefined, ...input },
    { token: adminToken },
  );
  if (response.body.errorCode !== 0) throw new Error(`create link failed: ${response.body.errorMsg}`);
  return { ...response.body.data, credential: credentialOf(response.body.data.url) };
}

/** A comment-proxy POST: the reviewer's `/v1/…` path under the proxy, the credential merged into the body. */
export function viaLink<T = unknown>(
  app: TestApp,
  path: string,
  credential: Credential | Record<string, unknown>,
  body: Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<ApiResponse<T>> {
  return app.post<T>(`/api${proxyPath(path)}`, { ...body, ...credential }, options);
}

/** A text highlight on the first page. */
export function highlight(overrides: Partial<AnnotationInput> = {}): AnnotationInput {
  return {
    id: randomUUID(),
    kind: 'highlight',
    category: 'content',
    severity: 'major',
    comment: '论证需要补充文献依据',
    stamp: null,
    pageIndex: 0,
    selectors: [
      { type: 'TextQuoteSelector', exact: 'Chapter', prefix: '', suffix: ' One' },
      { type: 'PageSelector', index: 0 },
    ],
    ...overrides,
  };
}

/** A review comment long enough for any batch's minimum. */
export const REVIEW_COMMENT = '论文选题有一定意义，结构较为完整，但论证深度不足，文献综述需要补充，'.repeat(3);
