import { workflowEndpoints } from '@zikao/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../shared/http/serve.ts';
import type { StudentInfoService } from './student-info.service.ts';

/** The candidate's read-only pages; each answers about the caller only, so no id is taken. */
export function registerStudentInfoRoutes(app: FastifyInstance, deps: { info: StudentInfoService }): void {
  const { info } = deps;
  serve(app, workflowEndpoints.studentCourses, (_input, { user }) => info.courses(user.id));
  serve(app, workflowEndpoints.studentExam, (_input, { user }) => info.exam(user.id));
  serve(app, workflowEndpoints.studentCertificate, (_input, { user }) => info.certificate(user.id));
}
