import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  beijingParts,
  deviceOnBeijingTime,
  formatBeijing,
  fromBeijingWallClock,
  sameBeijingDay,
  toBeijingWallClock,
  withZoneNote,
} from './beijing-time.ts';

// Every expectation is an instant given in UTC, so these hold on a device in any zone.
describe('Beijing time', () => {
  const oneOClock = Date.UTC(2026, 10, 25, 5, 0); // 13:00 in Beijing

  it('shows an instant as Beijing reads it, whatever the device zone', () => {
    assert.equal(formatBeijing(oneOClock), '2026-11-25 13:00');
    assert.equal(formatBeijing(oneOClock, 'YYYY-MM-DD HH:mm:ss'), '2026-11-25 13:00:00');
    assert.equal(formatBeijing(oneOClock, 'M月D日 HH:mm'), '11月25日 13:00');
    assert.equal(formatBeijing(Date.UTC(2026, 11, 31, 16, 5), 'YYYY-MM-DD HH:mm'), '2027-01-01 00:05');
    assert.equal(formatBeijing(Date.UTC(2026, 0, 1, 16, 0), 'HH:mm'), '00:00', 'midnight is 00, not 24');
    assert.deepEqual(beijingParts(oneOClock), { year: 2026, month: 11, day: 25, hour: 13, minute: 0, second: 0 });
  });

  it('tells Beijing days apart where UTC would not', () => {
    assert.ok(sameBeijingDay(Date.UTC(2026, 10, 24, 16, 0), Date.UTC(2026, 10, 25, 15, 59)));
    assert.ok(!sameBeijingDay(Date.UTC(2026, 10, 25, 15, 59), Date.UTC(2026, 10, 25, 16, 0)));
  });

  it('labels the time only on a device on another zone', () => {
    const expected = deviceOnBeijingTime(oneOClock) ? '13:00' : '13:00（北京时间）';
    assert.equal(withZoneNote('13:00', oneOClock), expected);
  });

  it('gives pickers Beijing’s wall clock and reads it back as the same instant', () => {
    const local = toBeijingWallClock(oneOClock);
    assert.deepEqual([local.getHours(), local.getMinutes(), local.getDate()], [13, 0, 25]);
    assert.equal(fromBeijingWallClock(local), oneOClock);
    assert.equal(fromBeijingWallClock(new Date(2026, 10, 25, 0, 0)), Date.UTC(2026, 10, 24, 16, 0));
  });
});
