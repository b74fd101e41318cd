import fastifyWebsocket from '@fastify/websocket';
import { BOARD_HARD_FRAME_BYTES } from '@zikao/contract/board';
import { courseEndpoints } from '@zikao/contract/endpoints';
import { API_BASE } from '@zikao/contract/paths';
import type { FastifyInstance } from 'fastify';
import { attachment, XLSX_TYPE } from '../../shared/http/attachment.ts';
import { sendStoredFile } from '../../shared/http/file-answers.ts';
import { serve } from '../../shared/http/serve.ts';
import type { FileStorage } from '../../shared/storage/storage.ts';
import { sendPageImage } from '../course/course.routes.ts';
import type { BoardService } from './board.service.ts';
import type { BoardHub, BoardSocket } from './board-hub.ts';

/**
 * The board's calls (/board has no login): each verifies the link in its input before anything
 * else (`BoardService.verify`); a session, if the browser sends one, grants nothing here: it only
 * tells `context` which candidate opened a guest link, who is then given their own link.
 */
export function registerBoardRoutes(app: FastifyInstance, deps: { board: BoardService; storage: FileStorage }): void {
  const { board, storage } = deps;
  // The session, if the browser sends one, only says which candidate opened a guest link (adr/012).
  serve(app, courseEndpoints.boardContext, (input, { request }) =>
    board.context(input, input.clientId, request.user ?? null),
  );
  serve(app, courseEndpoints.boardPage, async (input, { reply }) =>
    sendPageImage(reply, storage, await board.pageImage(input, input.fileId, input.pageNo)),
  );
  serve(app, courseEndpoints.boardAttendance, async (input, { reply }) => {
    if (input.export !== 1) return board.attendance(input);
    const file = await board.attendanceExport(input);
    return attachment(reply, file.fileName, XLSX_TYPE).send(file.body);
  });
  serve(app, courseEndpoints.boardHandInList, (input) => board.handIns(input, input.clientId));
  serve(app, courseEndpoints.boardHandInFile, async (input, { reply }) => {
    const file = await board.handInFile(input, input.id, input.clientId);
    return sendStoredFile(
      reply.header('cache-control', 'private, max-age=3600'),
      { name: file.row.name, mime: file.row.mime, body: file.body },
      file.isImage && input.download === 0,
    );
  });
}

/** Hand-ins one client address may send per minute. */
const HAND_IN_UPLOADS_PER_MINUTE = 30;

/** The hand-in upload, registered where multipart is parsed; the presenters hear of it at once. */
export function registerHandInUploadRoute(app: FastifyInstance, deps: { board: BoardService; hub: BoardHub }): void {
  serve(
    app,
    courseEndpoints.boardHandInUpload,
    async (_input, { request }) => {
      const { item, attendee } = await deps.board.handIn(request);
      await deps.hub.handIn(item.courseId, item, attendee.key);
      return item;
    },
    // A guest picks its own client id, so the per-attendee cap alone would not hold a script back.
    { rateLimit: { max: HAND_IN_UPLOADS_PER_MINUTE, timeWindow: 60_000 } },
  );
}

/**
 * The board's WebSocket, `GET /api/v1/board/ws` (board.ts). It is registered beside the API scope,
 * not in it: the API's hooks (request signature, session) are for request-response calls, and the
 * socket is authorised by the link in its query, checked by the hub before any message counts.
 * Frames past BOARD_HARD_FRAME_BYTES close the socket (1009) before they are buffered.
 */
export async function registerBoardSocket(server: FastifyInstance, deps: { hub: BoardHub }): Promise<void> {
  await server.register(async (scope) => {
    await scope.register(fastifyWebsocket, { options: { maxPayload: BOARD_HARD_FRAME_BYTES } });
    scope.get(`${API_BASE}${courseEndpoints.boardSocket.path}`, { websocket: true }, (socket, request) => {
      // request.ip: the client's address behind a trusted proxy (TRUST_PROXY), as other limits count it.
      deps.hub.accept(socket as unknown as BoardSocket, request.query, request.ip);
    });
  });
}
