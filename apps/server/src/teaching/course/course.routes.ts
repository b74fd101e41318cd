import { courseEndpoints } from '@zikao/contract/endpoints';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { serve } from '../../shared/http/serve.ts';
import type { FileStorage } from '../../shared/storage/storage.ts';
import type { CourseService } from './course.service.ts';
import type { CoursewarePageRow } from './courseware.repository.ts';
import type { CoursewareService } from './courseware.service.ts';

/** A rendered page: content-addressed, so a browser may keep it as long as it likes. */
export async function sendPageImage(
  reply: FastifyReply,
  storage: FileStorage,
  page: CoursewarePageRow,
): Promise<FastifyReply> {
  return reply
    .header('content-type', 'image/png')
    .header('content-length', page.image_size)
    .header('cache-control', 'private, max-age=86400')
    .header('etag', `"${page.image_sha256}"`)
    .header('x-content-type-options', 'nosniff')
    .send(await storage.read(page.image_sha256));
}

/** The course calls (session): the list, the console's admin calls, the lecturer's 开始/结束 and courseware. */
export function registerCourseRoutes(
  app: FastifyInstance,
  deps: { courses: CourseService; courseware: CoursewareService; storage: FileStorage },
): void {
  const { courses, courseware, storage } = deps;
  serve(app, courseEndpoints.courseList, (input, { user }) => courses.list(user, input));
  serve(app, courseEndpoints.courseDetail, async (input, { user }) => {
    const course = await courses.get(user, input.id);
    return { ...course, courseware: await courseware.listOf(course.id), serverTime: Date.now() };
  });
  serve(app, courseEndpoints.courseOptions, () => courses.options());
  serve(app, courseEndpoints.courseCreate, (input, { user }) => courses.create(user, input));
  serve(app, courseEndpoints.courseUpdate, (input, { user }) => courses.update(user, input));
  serve(app, courseEndpoints.courseCancel, (input, { user }) => courses.cancel(user, input.id, input.reason));
  serve(app, courseEndpoints.courseLinks, (input, { user }) => courses.setLinks(user, input));
  serve(app, courseEndpoints.courseStart, (input, { user }) => courses.start(user, input.id));
  serve(app, courseEndpoints.courseEnd, (input, { user }) => courses.end(user, input.id));
  serve(app, courseEndpoints.courseBoardLink, (input, { user }) => courses.boardLink(user, input.courseId, input.role));

  serve(app, courseEndpoints.coursewareList, (input, { user }) => courseware.list(user, input.courseId));
  serve(app, courseEndpoints.coursewareDelete, (input, { user }) => courseware.delete(user, input.id));
  serve(app, courseEndpoints.coursewareSort, (input, { user }) => courseware.sort(user, input.courseId, input.ids));
  serve(app, courseEndpoints.coursewarePage, async (input, { user, reply }) =>
    sendPageImage(reply, storage, await courseware.pageFor(user, input.fileId, input.pageNo)),
  );
}

/** The courseware upload, registered where multipart is parsed. */
export function registerCoursewareUploadRoute(app: FastifyInstance, deps: { courseware: CoursewareService }): void {
  // The service reads the form, checks the signature over its fields and parses them with the schema.
  serve(app, courseEndpoints.coursewareUpload, (_input, { user, request }) => deps.courseware.upload(user, request));
}
