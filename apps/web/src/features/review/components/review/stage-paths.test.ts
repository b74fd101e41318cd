import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { STAGES } from '@zikao/contract/review';
import { matchRoute } from '../../../../app/route-match.ts';
import { ROUTES } from '../../../../app/route-table.ts';
import { detailPathOf, reviewPathOf, submissionIdOf } from './stage-paths.ts';

describe('stage paths', () => {
  it('lead every stage to a registered review and detail screen', () => {
    for (const stage of STAGES) {
      for (const path of [reviewPathOf(stage, 12), detailPathOf(stage, 12)]) {
        const match = matchRoute(ROUTES, path);
        assert.ok(match && match.route.name !== 'NotFound', `${stage}: ${path}`);
        assert.equal(submissionIdOf(match.params.id), 12);
      }
    }
  });

  it('reads the id of both retest paths and refuses anything else', () => {
    assert.equal(submissionIdOf('detail42'), 42);
    assert.equal(submissionIdOf('42'), 42);
    for (const bad of [undefined, '', '0', '-1', '1e3', 'abc', '9007199254740993'])
      assert.equal(submissionIdOf(bad), null);
  });
});
