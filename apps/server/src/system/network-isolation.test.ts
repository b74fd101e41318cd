import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { describe, it } from 'node:test';
import { networkIsolation } from './network-isolation.ts';

/** What a process started with `prefix` gets when it connects to 127.0.0.1:`port`: `connected` or an error code. */
function connectFrom(prefix: readonly string[], port: number): string {
  const script = `require('node:net').connect(${port}, '127.0.0.1')
    .on('connect', () => { console.log('connected'); process.exit(0); })
    .on('error', (error) => { console.log(error.code); process.exit(0); });`;
  const [command = process.execPath, ...args] = [...prefix, process.execPath];
  const result = spawnSync(command, [...args, '-e', script], { encoding: 'utf8', timeout: 10_000 });
  return result.stdout.trim();
}

describe('the network namespace LibreOffice converts in (adr/027)', () => {
  it('is none, with the reason, where unshare cannot be found', () => {
    assert.deepEqual(networkIsolation('/nonexistent'), {
      kind: 'none',
      reason: 'unshare (util-linux) is not on PATH',
    });
  });

  const found = networkIsolation(process.env.PATH);
  it('reaches not even 127.0.0.1, which the server itself reaches', {
    skip: found.kind === 'none' && `no network namespace here: ${found.reason}`,
  }, async () => {
    assert.equal(found.kind, 'namespace');
    const listener = createServer((socket) => socket.end());
    listener.listen(0, '127.0.0.1');
    await once(listener, 'listening');
    const { port } = listener.address() as AddressInfo;
    try {
      assert.equal(connectFrom([], port), 'connected');
      assert.equal(connectFrom(found.kind === 'namespace' ? found.prefix : [], port), 'ENETUNREACH');
    } finally {
      listener.close();
    }
  });
});
