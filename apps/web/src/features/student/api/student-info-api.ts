import { workflowEndpoints } from '@zikao/contract/endpoints';
import { call } from '../../../shared/request/call.ts';

/** The candidate's read-only pages; the server answers about the caller only. */
export const studentInfoApi = {
  courses: (signal?: AbortSignal) => call(workflowEndpoints.studentCourses, {}, { signal }),
  exam: (signal?: AbortSignal) => call(workflowEndpoints.studentExam, {}, { signal }),
  certificate: (signal?: AbortSignal) => call(workflowEndpoints.studentCertificate, {}, { signal }),
};
