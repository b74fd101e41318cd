import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AttemptClock, parseElapsed } from './attempt-clock.ts';

function handClock() {
  let t = 1000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('the attempt clock', () => {
  it('counts only while running', () => {
    const time = handClock();
    const clock = new AttemptClock(0, time.now);
    time.advance(5000);
    assert.equal(clock.elapsed(), 0, 'not started yet');
    clock.start();
    time.advance(3000);
    assert.equal(clock.elapsed(), 3000);
    clock.stop();
    time.advance(60_000);
    assert.equal(clock.elapsed(), 3000, 'a hidden tab does not count');
    clock.start();
    time.advance(2000);
    assert.equal(clock.elapsed(), 5000);
  });

  it('counts on from an earlier visit', () => {
    const time = handClock();
    const clock = new AttemptClock(90_000, time.now);
    clock.start();
    time.advance(10_000);
    assert.equal(clock.elapsed(), 100_000);
  });

  it('takes a second start or stop as nothing', () => {
    const time = handClock();
    const clock = new AttemptClock(0, time.now);
    clock.start();
    time.advance(1000);
    clock.start();
    time.advance(1000);
    clock.stop();
    clock.stop();
    assert.equal(clock.elapsed(), 2000);
    assert.equal(clock.running, false);
  });

  it('reads back only a sane stored time', () => {
    assert.equal(parseElapsed('125000'), 125000);
    assert.equal(parseElapsed('-5'), null);
    assert.equal(parseElapsed('1.5'), null);
    assert.equal(parseElapsed('abc'), null);
    assert.equal(parseElapsed(String(8 * 24 * 3600_000)), null);
  });
});
