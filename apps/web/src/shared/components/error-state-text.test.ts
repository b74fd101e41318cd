import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ErrorCode } from '@zikao/contract/errors';
import { ApiError, NetworkError } from '../request/errors.ts';
import { loadErrorText } from './error-state-text.ts';

describe('loadErrorText', () => {
  it('reads 1030003 as no right to see it, with the server’s reason', () => {
    assert.deepEqual(loadErrorText(new ApiError(ErrorCode.forbidden, '该论文未分配给您评阅'), '论文'), {
      kind: 'forbidden',
      title: '无权查看该论文',
      description: '该论文未分配给您评阅',
    });
    assert.equal(loadErrorText(new ApiError(ErrorCode.forbidden, ''), '文档').title, '无权查看该文档');
  });

  it('reads 1040001 as gone, without repeating the title', () => {
    assert.deepEqual(loadErrorText(new ApiError(ErrorCode.notFound, '论文不存在'), '论文'), {
      kind: 'notFound',
      title: '论文不存在',
      description: '可能已被删除，或链接有误',
    });
    assert.equal(loadErrorText(new ApiError(ErrorCode.notFound, '该版本不存在'), '论文').description, '该版本不存在');
  });

  it('reads anything else as a failure, with the reason or the caller’s words', () => {
    const offline = new NetworkError('网络连接异常，请稍后再试', false);
    assert.deepEqual(loadErrorText(offline, '论文'), {
      kind: 'failed',
      title: '论文加载失败',
      description: '网络连接异常，请稍后再试',
    });
    assert.equal(loadErrorText(offline, '考试信息', '请稍后刷新重试。').description, '请稍后刷新重试。');
    assert.equal(loadErrorText(new ApiError(1090001, '系统繁忙'), '审计日志').title, '审计日志加载失败');
    assert.equal(loadErrorText(undefined, '课程').description, '请稍后再试');
  });

  it('keeps the server’s reason for 403 and 404 even when the caller words failures', () => {
    const text = loadErrorText(new ApiError(ErrorCode.forbidden, '无权访问该论文'), '论文', '请稍后刷新重试。');
    assert.equal(text.description, '无权访问该论文');
  });
});
