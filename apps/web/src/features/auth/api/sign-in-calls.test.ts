import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pathParams } from '@zikao/contract/endpoint';
import { identityEndpoints } from '@zikao/contract/endpoints/identity';
import { SIGN_IN_CALLS, type SignInCall } from './sign-in-calls.ts';

describe('the sign-in calls', () => {
  it('use the method and path the contract declares, with no path parameters', () => {
    for (const [key, declared] of Object.entries(SIGN_IN_CALLS)) {
      const endpoint = identityEndpoints[key as SignInCall];
      assert.ok(endpoint, `${key} is an identity endpoint`);
      assert.equal(declared.method, endpoint.method, `${key} method`);
      assert.equal(declared.path, endpoint.path, `${key} path`);
      assert.equal(endpoint.body, 'json', `${key} answers JSON`);
      assert.deepEqual(pathParams(endpoint.path), [], `${key} has no path parameters`);
    }
  });
});
