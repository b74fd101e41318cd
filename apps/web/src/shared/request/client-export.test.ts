import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { envelope, setup } from './client-test-kit.ts';
import { ApiError } from './errors.ts';

describe('export downloads', () => {
  it('saves the file under the filename* name and says 导出成功', async () => {
    const { client, saved, notices } = setup({
      respond: () =>
        new Response(new Uint8Array([80, 75, 3, 4]), {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent('选题列表.xlsx')}`,
          },
        }),
    });
    const result = await client.post('/v1/topic/list', { export: 1 }, { export: true });
    assert.deepEqual(result, { filename: '选题列表.xlsx' });
    assert.equal(saved[0]?.[1], '选题列表.xlsx');
    assert.equal(saved[0]?.[0].size, 4);
    assert.deepEqual(notices, [['success', '导出成功']]);
  });

  it('an export answered with an error envelope is a business error, not a file', async () => {
    const { client, saved, notices } = setup({ respond: () => envelope(1030003, null, '无权访问') });
    await assert.rejects(client.post('/v1/topic/list', { export: 1 }, { export: true }), ApiError);
    assert.equal(saved.length, 0);
    assert.deepEqual(notices, [['error', '无权访问']]);
  });
});
