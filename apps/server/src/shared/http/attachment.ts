import type { FastifyReply } from 'fastify';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `attachment; filename*=UTF-8''…`, exposed to scripts so the client can name the download. */
export function attachment(reply: FastifyReply, fileName: string, contentType: string): FastifyReply {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('access-control-expose-headers', 'Content-Disposition');
}
