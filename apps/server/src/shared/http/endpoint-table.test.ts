import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_BASE, type Endpoint, post } from '@zikao/contract';
import { endpointTable } from '@zikao/contract/endpoints';
import Fastify from 'fastify';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { refuseUndeclaredRoutes, serve } from './serve.ts';

const everyEndpoint = (): Array<[string, Endpoint]> =>
  Object.entries(endpointTable).flatMap(([area, endpoints]) =>
    Object.entries(endpoints).map(([name, endpoint]): [string, Endpoint] => [`${area}.${name}`, endpoint]),
  );

describe('the endpoint table binds the routes', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp();
  });
  after(() => app.close());

  it('has a handler registered for every declared endpoint', () => {
    const missing = everyEndpoint().filter(
      ([, endpoint]) => !app.server.hasRoute({ method: endpoint.method, url: `${API_BASE}${endpoint.path}` }),
    );
    assert.deepEqual(
      missing.map(([name]) => name),
      [],
    );
  });

  it('declares each method and path once', () => {
    const seen = new Map<string, string>();
    for (const [name, endpoint] of everyEndpoint()) {
      const key = `${endpoint.method} ${endpoint.path}`;
      assert.equal(seen.get(key), undefined, `${name} and ${seen.get(key)} both declare ${key}`);
      seen.set(key, name);
    }
    assert.ok(seen.size >= 84, `only ${seen.size} endpoints`);
  });

  it('refuses at start-up a route that no endpoint declares', async () => {
    const server = Fastify();
    server.addHook('onRoute', refuseUndeclaredRoutes);
    const declared = post<{ pong: true }>()({ path: '/v1/ping', input: z.object({}), access: { auth: 'public' } });
    serve(server, declared, () => ({ pong: true as const }));
    assert.throws(() => server.post('/v1/undeclared', async () => ({})), /not declared in the endpoint table/);
    const answer = await server.inject({ method: 'POST', url: '/v1/ping', payload: {} });
    assert.deepEqual(answer.json(), { errorCode: 0, errorMsg: '', data: { pong: true } });
    await server.close();
  });
});
