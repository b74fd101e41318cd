import { type CourseCreateInput, type CourseDto, courseCreateSchema } from '@zikao/contract/course';

/** The course form's values: the schedule as one range picker, in epoch ms. */
export interface CourseFormValues {
  title: string;
  description: string;
  lecturerId: number | null;
  schedule: [number, number] | null;
  batchIds: number[];
  majors: string[];
  streamUrl: string;
  playbackUrl: string;
}

export interface FieldProblem {
  name: keyof CourseFormValues;
  message: string;
}

/** A new course starts empty; an edited one with what it has. */
export function initialCourseValues(course?: CourseDto | null): CourseFormValues {
  return {
    title: course?.title ?? '',
    description: course?.description ?? '',
    lecturerId: course?.lecturerId ?? null,
    schedule: course ? [course.startAt, course.endAt] : null,
    batchIds: course?.batches.map((batch) => batch.id) ?? [],
    majors: course?.majors ?? [],
    streamUrl: course?.streamUrl ?? '',
    playbackUrl: course?.playbackUrl ?? '',
  };
}

/** What the create call gets (the update adds the id). Empty choices stay empty, so the schema names them. */
export function toCourseInput(values: CourseFormValues): CourseCreateInput {
  return {
    title: values.title ?? '',
    description: values.description ?? '',
    lecturerId: values.lecturerId ?? Number.NaN,
    startAt: values.schedule?.[0] ?? Number.NaN,
    endAt: values.schedule?.[1] ?? Number.NaN,
    batchIds: values.batchIds ?? [],
    majors: values.majors ?? [],
    streamUrl: (values.streamUrl ?? '').trim(),
    playbackUrl: (values.playbackUrl ?? '').trim(),
  };
}

/** The form field a contract path belongs to: the schedule's two ends are one picker; a target is either list. */
function fieldOf(path: PropertyKey[]): keyof CourseFormValues | null {
  const [head] = path;
  if (head === 'startAt' || head === 'endAt') return 'schedule';
  if (head === 'majors') return 'batchIds';
  if (typeof head === 'string' && head in EMPTY) return head as keyof CourseFormValues;
  return null;
}

const EMPTY: CourseFormValues = initialCourseValues(null);

/**
 * The form's problems, one per field, in the contract's words (what the server would say): the
 * schedule ends after it starts and lasts at most 12 hours, a lecturer is chosen, there is at least
 * one batch or major, the addresses are http(s).
 */
export function courseFormProblems(values: CourseFormValues): FieldProblem[] {
  const problems = new Map<keyof CourseFormValues, string>();
  if (!values.schedule) problems.set('schedule', '请选择上课时间');
  if (values.lecturerId === null || values.lecturerId === undefined) problems.set('lecturerId', '请选择主讲教师');
  // The schema checks the targets only once every field parses; say it at once with the rest.
  if ((values.batchIds ?? []).length + (values.majors ?? []).length === 0) {
    problems.set('batchIds', '请至少选择一个批次或专业');
  }
  const parsed = courseCreateSchema.safeParse(toCourseInput(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path);
      if (field && !problems.has(field)) problems.set(field, issue.message);
    }
  }
  return [...problems].map(([name, message]) => ({ name, message }));
}
