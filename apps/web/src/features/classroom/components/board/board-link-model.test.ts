import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ErrorCode } from '@zikao/contract/errors';
import { ApiError, NetworkError } from '../../../../shared/request/errors.ts';
import { boardRefusalOf, credentialOf } from './board-link-model.ts';

const SIG = 'AbCdEfGhIjKlMnOpQrStUv_-12';

describe('the board link in the page URL', () => {
  it('reads the credential and sends the link’s sig as linkSig', () => {
    assert.deepEqual(credentialOf(`?cid=12&role=presenter&exp=1900000000000&sig=${SIG}`), {
      cid: 12,
      role: 'presenter',
      exp: 1_900_000_000_000,
      linkSig: SIG,
    });
    assert.deepEqual(credentialOf(`?cid=3&role=viewer&exp=1900000000000&uid=41&sig=${SIG}`)?.uid, 41);
  });

  it('has no credential when a part is missing or malformed', () => {
    for (const search of [
      '',
      `?role=viewer&exp=1900000000000&sig=${SIG}`,
      `?cid=3&role=teacher&exp=1900000000000&sig=${SIG}`,
      `?cid=3&role=viewer&exp=soon&sig=${SIG}`,
      '?cid=3&role=viewer&exp=1900000000000&sig=short',
      `?cid=-1&role=viewer&exp=1900000000000&sig=${SIG}`,
    ]) {
      assert.equal(credentialOf(search), null, search);
    }
  });
});

describe('what the board says when it cannot open', () => {
  it('gives a refused link in the server’s words, without a retry', () => {
    const expired = boardRefusalOf(new ApiError(ErrorCode.badReviewLink, '课堂链接已过期'));
    assert.deepEqual([expired.status, expired.title, expired.retry], ['warning', '课堂链接已过期', false]);
    assert.match(expired.description, /有效期已过/);
    const bad = boardRefusalOf(new ApiError(ErrorCode.badReviewLink, '评阅链接无效'));
    assert.equal(bad.title, '课堂链接无效', 'the review link’s default words are not the board’s');
    assert.equal(boardRefusalOf(new ApiError(ErrorCode.badReviewLink, '课程已取消')).title, '课程已取消');
  });

  it('says a course is gone or not the caller’s, and offers a retry only when the server was out of reach', () => {
    assert.equal(boardRefusalOf(new ApiError(ErrorCode.notFound, '课程不存在')).status, '404');
    assert.equal(boardRefusalOf(new ApiError(ErrorCode.forbidden, '无权访问')).retry, false);
    const offline = boardRefusalOf(new NetworkError('网络连接异常，请稍后再试', false));
    assert.deepEqual([offline.status, offline.retry], ['error', true]);
  });

  it('says the live service is away for now, keeps the link, and offers a retry', () => {
    const away = boardRefusalOf(new ApiError(ErrorCode.unavailable, '实时课堂服务暂不可用，请稍后重试'));
    assert.deepEqual([away.status, away.title, away.retry], ['warning', '实时课堂服务暂不可用', true]);
    assert.match(away.description, /课堂链接仍然有效/);
  });
});
