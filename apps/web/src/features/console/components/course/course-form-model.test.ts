import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CourseDto } from '@zikao/contract/course';
import { type CourseFormValues, courseFormProblems, initialCourseValues, toCourseInput } from './course-form-model.ts';

const HOUR = 3_600_000;
const start = Date.UTC(2026, 11, 1, 1, 0);

const filled = (change: Partial<CourseFormValues> = {}): CourseFormValues => ({
  ...initialCourseValues(null),
  title: '论文写作方法（一）',
  lecturerId: 2,
  schedule: [start, start + 2 * HOUR],
  batchIds: [1],
  ...change,
});

const problemsOf = (values: CourseFormValues) =>
  Object.fromEntries(courseFormProblems(values).map((problem) => [problem.name, problem.message]));

describe('the console’s course form', () => {
  it('takes a course with a title, a lecturer, a schedule and a batch or a major', () => {
    assert.deepEqual(courseFormProblems(filled()), []);
    assert.deepEqual(courseFormProblems(filled({ batchIds: [], majors: ['汉语言文学'] })), []);
  });

  it('names each missing part in Chinese, under its own field', () => {
    assert.deepEqual(problemsOf(initialCourseValues(null)), {
      title: '请填写课程名称',
      lecturerId: '请选择主讲教师',
      schedule: '请选择上课时间',
      batchIds: '请至少选择一个批次或专业',
    });
  });

  it('wants the end after the start and a class of at most 12 hours', () => {
    assert.equal(problemsOf(filled({ schedule: [start, start] })).schedule, '结束时间须晚于开始时间');
    assert.equal(problemsOf(filled({ schedule: [start, start - HOUR] })).schedule, '结束时间须晚于开始时间');
    assert.equal(problemsOf(filled({ schedule: [start, start + 13 * HOUR] })).schedule, '课程时长不能超过 12 小时');
  });

  it('wants the streaming and playback addresses to be http(s), or empty', () => {
    const problems = problemsOf(filled({ streamUrl: 'javascript:alert(1)', playbackUrl: 'live.example.cn' }));
    assert.equal(problems.streamUrl, '须为以 http:// 或 https:// 开头的网址');
    assert.equal(problems.playbackUrl, '须为以 http:// 或 https:// 开头的网址');
    assert.deepEqual(courseFormProblems(filled({ streamUrl: ' https://live.example.cn/8 ' })), []);
  });

  it('fills the form from a course and sends it back as it was', () => {
    const course = {
      id: 5,
      title: '答辩指导',
      description: '说明',
      lecturerId: 7,
      startAt: start,
      endAt: start + HOUR,
      batches: [{ id: 3, name: '2026年下半年' }],
      majors: ['法学'],
      streamUrl: 'https://live.example.cn/1',
      playbackUrl: '',
    } as CourseDto;
    assert.deepEqual(toCourseInput(initialCourseValues(course)), {
      title: '答辩指导',
      description: '说明',
      lecturerId: 7,
      startAt: start,
      endAt: start + HOUR,
      batchIds: [3],
      majors: ['法学'],
      streamUrl: 'https://live.example.cn/1',
      playbackUrl: '',
    });
  });
});
