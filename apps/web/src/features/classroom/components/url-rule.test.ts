import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { httpUrlRule, urlProblem } from './url-rule.ts';

describe('the streaming and playback address rule', () => {
  it('takes an empty field and http(s) addresses', () => {
    for (const value of ['', '   ', undefined, 'https://live.example.cn/room/8', 'http://10.0.0.5:8080/play?id=3']) {
      assert.equal(urlProblem(value), null, String(value));
    }
  });

  it('refuses other schemes and text that is no address', () => {
    for (const value of [
      'javascript:alert(1)',
      'ftp://files.example.cn/a',
      'live.example.cn/room',
      'https://',
      '直播间',
    ]) {
      assert.equal(urlProblem(value), '须为以 http:// 或 https:// 开头的网址', value);
    }
    assert.equal(urlProblem(`https://example.cn/${'a'.repeat(500)}`), '不能超过 500 个字符');
  });

  it('says what is wrong in Chinese in the form', async () => {
    await assert.rejects(httpUrlRule.validator(null, 'www.example.cn'), /须为以 http:\/\/ 或 https:\/\/ 开头的网址/);
    await httpUrlRule.validator(null, 'https://example.cn');
  });
});
