import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LiveCourseDto } from '@zikao/contract/student-info';
import { orderCourses } from './course-order.ts';

const course = (id: number, status: LiveCourseDto['status'], startAt: number) =>
  ({ id, status, startAt, endAt: startAt + 1 }) as LiveCourseDto;

describe('the candidate’s course order', () => {
  it('puts live courses first, then the next to start, then the latest ended', () => {
    const ordered = orderCourses([
      course(1, 'ended', 100),
      course(2, 'upcoming', 900),
      course(3, 'ended', 300),
      course(4, 'live', 500),
      course(5, 'upcoming', 700),
    ]);
    assert.deepEqual(
      ordered.map((item) => item.id),
      [4, 5, 2, 3, 1],
    );
  });
});
