import {
  type StudentCertificateResult,
  type StudentCoursesResult,
  type StudentExamResult,
  StudentInfoApiPath,
} from '@zikao/contract/student-info';
import { api } from '../../../shared/request/api.ts';

/** The candidate's read-only pages; the server answers about the caller only. */
export const studentInfoApi = {
  courses: (signal?: AbortSignal) => api.post<StudentCoursesResult>(StudentInfoApiPath.courses, {}, { signal }),
  exam: (signal?: AbortSignal) => api.post<StudentExamResult>(StudentInfoApiPath.exam, {}, { signal }),
  certificate: (signal?: AbortSignal) =>
    api.post<StudentCertificateResult>(StudentInfoApiPath.certificate, {}, { signal }),
};
