import { z } from 'zod';
import {
  type AnnotationDto,
  type AnnotationPlacement,
  type AnnotationReplyDto,
  annotationRefSchema,
  type CommentBankEntry,
  commentBankRefSchema,
  commentBankSaveSchema,
  documentRefSchema,
  replyBodySchema,
  type SharedCommentBankEntry,
  SharedCommentBankPath,
  saveAnnotationBodySchema,
  sharedCommentBankListSchema,
} from '../annotation.ts';
import type { UploadResponse } from '../auth.ts';
import {
  type DocumentSummary,
  type DocumentText,
  documentFileSchema,
  documentListSchema,
  uploadFieldsSchema,
} from '../document.ts';
import { type Endpoint, get, post } from '../endpoint.ts';
import type { ListResult } from '../envelope.ts';
import { ApiPath } from '../paths.ts';
import { Access } from './access.ts';
import { emptyInputSchema } from './empty.ts';

/**
 * The annotated PDF's two forms (adr/022): `annotated` (批注版) draws every mark as an ISO 32000
 * annotation that readers list in their comment pane, with only the numbered markers and the index
 * burned in; `print` (打印版) burns every mark into the pages and carries no annotations.
 */
export const ANNOTATED_PDF_VARIANTS = ['annotated', 'print'] as const;
export type AnnotatedPdfVariant = (typeof ANNOTATED_PDF_VARIANTS)[number];
export const annotatedPdfInputSchema = documentRefSchema.extend({
  variant: z.enum(ANNOTATED_PDF_VARIANTS, { error: '须为 annotated（批注版）或 print（打印版）' }).default('annotated'),
});

/** The documents area: uploads, review documents, annotations and the comment bank. */
export const documentsEndpoints = {
  /** Multipart: the form's `kind` and its `file`; the handler checks the signature over the fields. */
  upload: post<UploadResponse>()({
    path: ApiPath.upload,
    input: uploadFieldsSchema,
    form: 'multipart',
    access: { signature: 'multipart' },
  }),

  documentList: post<ListResult<DocumentSummary>>()({
    path: ApiPath.documentList,
    input: documentListSchema,
    access: Access.signedIn,
  }),
  documentStatus: post<DocumentSummary>()({
    path: ApiPath.documentStatus,
    input: documentRefSchema,
    access: Access.signedIn,
  }),
  documentText: post<DocumentText>()({ path: ApiPath.documentText, input: documentRefSchema, access: Access.signedIn }),
  /**
   * The review PDF, with HTTP range requests. pdf.js fetches byte ranges long after the viewer
   * opened, so it is exempt from the ±300 s signature window; the session and the access check
   * still apply to every range.
   */
  documentFile: get<never>()({
    path: `${ApiPath.documentFile}/:id`,
    input: documentFileSchema,
    body: 'file',
    access: { signature: 'none' },
  }),

  /**
   * The Word original beside the review PDF, for the reviewer assigned to it and admins; refused
   * under blind review (issue 23). Named by the thesis title, as the PDF downloads are.
   */
  documentOriginal: get<never>()({
    path: `${ApiPath.documentOriginal}/:documentId`,
    input: documentRefSchema,
    body: 'file',
    access: Access.teacherSide,
  }),

  annotationList: post<AnnotationDto[]>()({
    path: ApiPath.annotationList,
    input: documentRefSchema,
    access: Access.signedIn,
  }),
  /** Where each annotation sits on the pages, numbered as the annotated PDF numbers them (the print view). */
  annotationPlacement: post<AnnotationPlacement[]>()({
    path: ApiPath.annotationPlacement,
    input: documentRefSchema,
    access: Access.signedIn,
  }),
  annotationSave: post<AnnotationDto>()({
    path: ApiPath.annotationSave,
    input: saveAnnotationBodySchema,
    access: Access.signedIn,
  }),
  annotationDelete: post<AnnotationDto>()({
    path: ApiPath.annotationDelete,
    input: annotationRefSchema,
    access: Access.signedIn,
  }),
  annotationRestore: post<AnnotationDto>()({
    path: ApiPath.annotationRestore,
    input: annotationRefSchema,
    access: Access.signedIn,
  }),
  annotationReply: post<AnnotationReplyDto>()({
    path: ApiPath.annotationReply,
    input: replyBodySchema,
    access: Access.signedIn,
  }),
  /** The W3C JSON-LD download. */
  annotationExportJsonLd: get<never>()({
    path: `${ApiPath.annotationExportJsonLd}/:documentId`,
    input: documentRefSchema,
    body: 'file',
    access: Access.signedIn,
  }),
  /** The annotated PDF download: 批注版 (`variant=annotated`, the default) or 打印版 (`variant=print`). */
  annotationExportPdf: get<never>()({
    path: `${ApiPath.annotationExportPdf}/:documentId`,
    input: annotatedPdfInputSchema,
    body: 'file',
    access: Access.signedIn,
  }),

  /** The console's shared entries (公共评语库). */
  sharedCommentBankList: post<ListResult<SharedCommentBankEntry>>()({
    path: SharedCommentBankPath.list,
    input: sharedCommentBankListSchema,
    access: Access.admins,
  }),
  /** The caller's own entries and the shared ones. */
  commentBankList: post<CommentBankEntry[]>()({
    path: ApiPath.commentBankList,
    input: emptyInputSchema,
    access: Access.teacherSide,
  }),
  /** Creates (no `id`) or changes an entry; `shared: true` makes a shared one (admins only). */
  commentBankSave: post<{ id: number }>()({
    path: ApiPath.commentBankSave,
    input: commentBankSaveSchema,
    access: Access.teacherSide,
  }),
  commentBankDelete: post<Record<string, never>>()({
    path: ApiPath.commentBankDelete,
    input: commentBankRefSchema,
    access: Access.teacherSide,
  }),
  /** Counts one use of an entry, so the most used come first. */
  commentBankUse: post<Record<string, never>>()({
    path: ApiPath.commentBankUse,
    input: commentBankRefSchema,
    access: Access.teacherSide,
  }),
} satisfies Record<string, Endpoint>;
