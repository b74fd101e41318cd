import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { type AnnotationDto, type AnnotationPlacement, isDrawnMark } from '@zikao/contract/annotation';
import { STAGE_LABELS, type SubmissionDetail } from '@zikao/contract/review';
import { Alert, Button, Empty, Progress, Skeleton } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { AnnotatedPdfButton } from '../../../../shared/components/annotated-pdf-button.tsx';
import { ErrorState } from '../../../../shared/components/error-state.tsx';
import { Page } from '../../../../shared/components/page.tsx';
import { formatDate } from '../../../../shared/utils/date.ts';
import { CATEGORY_BY_KEY, SEVERITY_LABEL } from '../../../../workspace/categories.ts';
import { documentLoadMessage } from '../../../../workspace/failure.ts';
import { DrawnShapeSvg } from '../../../../workspace/marks/drawn-shape.tsx';
import { KindIcon, SuggestionLine } from '../../../../workspace/marks/mark-parts.tsx';
import { DELETE_COLOR, INSERT_COLOR, suggestionView } from '../../../../workspace/marks/mark-style.ts';
import { openPdf } from '../../../../workspace/pdf-loader.ts';
import { workspaceApi } from '../../../../workspace/workspace-api.ts';
import { thesisViewKeys, thesisViewsApi } from '../../api/thesis-views-api.ts';
import { ViewLinks } from './view-links.tsx';
import {
  boxOf,
  notesByPage,
  type PlacedNote,
  type PrintNote,
  placeBadges,
  placedNotes,
  printKindLabel,
  printMark,
} from './view-model.ts';
import './thesis-views.css';

/** The candidate's replies print as 考生: a printout may leave the room (blind review). */
const STUDENT_ROLE = 1;

/** Pixels per PDF point of the page images: sharp on paper without holding huge canvases. */
const RENDER_SCALE = 2;

interface RenderedPage {
  url: string;
  width: number;
  height: number;
}

/**
 * Every page of the document as a JPEG, one after the other (a 150-page thesis must not hold 150
 * canvases at once). Object URLs are released when the screen goes.
 */
function useRenderedPages(documentId: number | null) {
  const [pages, setPages] = useState<RenderedPage[]>([]);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (documentId === null) return;
    let cancelled = false;
    const urls: string[] = [];
    setPages([]);
    setTotal(0);
    setError(null);
    (async () => {
      const pdf = await openPdf(workspaceApi.documentFile(documentId));
      if (cancelled) return;
      setTotal(pdf.numPages);
      const canvas = document.createElement('canvas');
      for (let index = 1; index <= pdf.numPages; index++) {
        const page = await pdf.getPage(index);
        const viewport = page.getViewport({ scale: RENDER_SCALE });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        const context = canvas.getContext('2d');
        if (!context) throw new Error('无法绘制页面');
        context.fillStyle = '#fff';
        context.fillRect(0, 0, canvas.width, canvas.height);
        await page.render({ canvas, canvasContext: context, viewport }).promise;
        const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
        if (cancelled) return;
        if (!blob) throw new Error('无法绘制页面');
        const url = URL.createObjectURL(blob);
        urls.push(url);
        const size = page.getViewport({ scale: 1 });
        setPages((list) => [...list, { url, width: size.width, height: size.height }]);
        page.cleanup();
      }
    })().catch((reason: unknown) => {
      // pdf.js's own messages are English: the reader is told in Chinese.
      if (!cancelled) setError(documentLoadMessage(reason));
    });
    return () => {
      cancelled = true;
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [documentId]);
  return { pages, total, error };
}

/** 打印论文: the current version's pages for A4, each with its annotations as numbered margin notes. */
export function PrintScreen() {
  const submissionId = Number(useParams().id);
  const valid = Number.isInteger(submissionId) && submissionId > 0;
  const detail = useQuery({
    queryKey: thesisViewKeys.print(submissionId),
    queryFn: () => thesisViewsApi.detail(submissionId),
    enabled: valid,
    retry: false,
  });
  const version = detail.data?.versions.find((v) => v.versionNo === detail.data?.currentVersion);
  // Structured text (a topic) has a document for its annotations but no PDF to print.
  const documentId = version?.structured ? null : (version?.documentId ?? null);
  const annotations = useQuery({
    queryKey: ['thesis-print-annotations', documentId],
    queryFn: () => thesisViewsApi.annotations(documentId as number),
    enabled: documentId !== null,
    retry: false,
  });
  const placement = useQuery({
    queryKey: ['thesis-print-placement', documentId],
    queryFn: () => thesisViewsApi.placement(documentId as number),
    enabled: documentId !== null,
    retry: false,
  });
  const rendered = useRenderedPages(documentId);
  const ready =
    rendered.total > 0 && rendered.pages.length === rendered.total && annotations.isSuccess && !placement.isPending;

  const extra = (
    <div className="tv-actions tv-no-print">
      {valid && <ViewLinks submissionId={submissionId} stage={detail.data?.stage} current="print" />}
      {documentId !== null && (
        <AnnotatedPdfButton
          onDownload={(variant) => void thesisViewsApi.annotatedPdf(documentId, variant).catch(() => {})}
        />
      )}
      <Button
        type="primary"
        icon={<PrinterOutlined />}
        data-testid="print-button"
        disabled={!ready}
        onClick={() => window.print()}
      >
        打印
      </Button>
    </div>
  );

  let body: React.ReactNode;
  if (!valid) body = <ErrorState subject="论文" error={new Error('链接中的论文编号不正确')} back />;
  else if (detail.isError)
    body = <ErrorState subject="论文" error={detail.error} onRetry={() => void detail.refetch()} back />;
  else if (!detail.data) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (documentId === null)
    body = <Empty description="该阶段为结构化填写内容，没有可打印的论文文件；可打印论文信息表" />;
  else
    body = (
      <PrintDocument
        detail={detail.data}
        versionNo={version?.versionNo ?? detail.data.currentVersion}
        annotations={annotations.data ?? []}
        annotationsFailed={annotations.isError}
        placements={placement.data ?? null}
        {...rendered}
      />
    );
  return (
    <Page extra={extra}>
      <div className="tv-print-root">{body}</div>
    </Page>
  );
}

function PrintDocument({
  detail,
  versionNo,
  annotations,
  annotationsFailed,
  placements,
  pages,
  total,
  error,
}: {
  detail: SubmissionDetail;
  versionNo: number;
  annotations: AnnotationDto[];
  annotationsFailed: boolean;
  /** The server's placement; null while loading or when it failed (markers then only for boxes). */
  placements: AnnotationPlacement[] | null;
  pages: RenderedPage[];
  total: number;
  error: string | null;
}) {
  const notes = useMemo(() => {
    if (placements) return placedNotes(annotations, placements);
    // Without the placement: boxes are marked from their own selectors, text is not.
    const fallback = new Map<number, PlacedNote[]>();
    for (const [page, list] of notesByPage(annotations)) {
      fallback.set(
        page,
        list.map((note) => ({ ...note, rects: [], marker: { left: 0, top: 0 }, unmarked: true })),
      );
    }
    return { pages: fallback, unplaced: [] as PrintNote[] };
  }, [annotations, placements]);
  // Notes on pages past the end (the document changed) still print, after the last page.
  const stray = [
    ...notes.unplaced,
    ...[...notes.pages.entries()].filter(([page]) => total > 0 && page >= total).flatMap(([, list]) => list),
  ];
  return (
    <div className="tv-printout" data-testid="printout">
      <header className="tv-print-head">
        <h2>{detail.thesis.title}</h2>
        <p>
          {STAGE_LABELS[detail.stage]} · 第{versionNo}版 · {detail.batch.name}
          {detail.student ? ` · ${detail.student.name}` : ' · 盲审'} · 批注 {annotations.length} 条 · 打印日期{' '}
          {formatDate(Date.now())}
        </p>
      </header>
      {error && <Alert type="error" showIcon title="论文页面加载失败" description={error} className="tv-no-print" />}
      {annotationsFailed && (
        <Alert type="warning" showIcon title="批注加载失败，打印件中将不含批注" className="tv-no-print" />
      )}
      {!annotationsFailed && annotations.length > 0 && placements === null && (
        <Alert
          type="warning"
          showIcon
          title="批注位置加载失败：页面上只标出框选批注，文字批注仅列在页边"
          className="tv-no-print"
        />
      )}
      {!error && pages.length < total && (
        <div className="tv-no-print tv-progress" role="status">
          正在准备打印页面 {pages.length}/{total}
          <Progress percent={Math.round((pages.length / total) * 100)} size="small" />
        </div>
      )}
      {!error && total === 0 && <Skeleton active paragraph={{ rows: 8 }} />}
      {pages.map((page, index) => (
        <PrintPage key={page.url} page={page} index={index} notes={notes.pages.get(index) ?? []} />
      ))}
      {stray.length > 0 && (
        <section className="tv-print-page tv-stray">
          <div className="tv-notes">
            <h3>其他批注（原文已无法定位）</h3>
            <NoteList notes={stray} />
          </div>
        </section>
      )}
    </div>
  );
}

/** A badge's height as a fraction of the page image's height (18 px on a 219 mm page). */
const BADGE_HEIGHT = 0.024;

/**
 * One thesis page on one A4 sheet: the page image at 86% of the printable width, its number
 * badges in the margin beside it (never over its text), and its notes in two columns below.
 */
function PrintPage({ page, index, notes }: { page: RenderedPage; index: number; notes: PlacedNote[] }) {
  const listed = useMemo(() => notes.filter((note) => !note.continued), [notes]);
  const badges = useMemo(
    () =>
      placeBadges(
        notes.map((note) => markerOf(note, page)?.top ?? 0),
        BADGE_HEIGHT,
      ),
    [notes, page],
  );
  return (
    <section className="tv-print-page" aria-label={`第 ${index + 1} 页`} data-testid="print-page">
      <div className="tv-page-image">
        <img src={page.url} alt={`论文第 ${index + 1} 页`} />
        {notes.map((note, i) => (
          <PageMarks
            key={`${note.annotation.id}-${note.continued ? 'c' : 'm'}`}
            note={note}
            page={page}
            badge={badges[i] ?? { column: 0, top: 0 }}
          />
        ))}
        <span className="tv-page-no">{index + 1}</span>
      </div>
      {listed.length > 0 && (
        <aside className="tv-notes tv-notes-below" aria-label={`第 ${index + 1} 页批注`}>
          <NoteList notes={listed} />
        </aside>
      )}
    </section>
  );
}

/** Where a note's badge goes, as fractions of the page; null for a note not drawn on the page. */
function markerOf(note: PlacedNote, page: RenderedPage): { left: number; top: number } | null {
  const mark = printMark(note.annotation.kind);
  const drawn = mark === 'drawn' && isDrawnMark(note.annotation.kind) && Boolean(note.annotation.shape);
  const box = note.unmarked ? boxOf(note.annotation, page) : null;
  if (note.unmarked && !box && !drawn) return null;
  return box ? { left: box.left, top: box.top } : note.marker;
}

/**
 * An annotation drawn on the page image, by kind: its highlighted, underlined or struck lines, a
 * caret after an insertion, its box, or its strokes; and its numbered marker.
 */
function PageMarks({
  note,
  page,
  badge,
}: {
  note: PlacedNote;
  page: RenderedPage;
  /** Its number badge's column in the margin and top (placeBadges). */
  badge: { column: number; top: number };
}) {
  const { annotation } = note;
  const color = CATEGORY_BY_KEY[annotation.category]?.color ?? '#cf1322';
  const mark = printMark(annotation.kind);
  const drawnKind = mark === 'drawn' && isDrawnMark(annotation.kind) && annotation.shape ? annotation.kind : null;
  const drawn = drawnKind !== null;
  const box = note.unmarked ? boxOf(annotation, page) : null;
  const marker = markerOf(note, page);
  if (!marker) return null;
  const rects = drawn ? [] : box ? [box] : note.rects;
  const last = rects.at(-1);
  return (
    <>
      {drawnKind && annotation.shape && (
        <DrawnShapeSvg
          kind={drawnKind}
          shape={annotation.shape}
          width={page.width}
          height={page.height}
          scale={1}
          className="tv-drawn"
        />
      )}
      {rects.map((rect) => (
        <span
          key={`${rect.left}-${rect.top}`}
          className={box || mark === 'box' || mark === 'none' ? 'tv-mark-box' : `tv-mark-text tv-mark-${mark}`}
          style={{
            left: `${rect.left * 100}%`,
            top: `${rect.top * 100}%`,
            width: `${rect.width * 100}%`,
            height: `${rect.height * 100}%`,
            ...(box || mark === 'box' || mark === 'none'
              ? { borderColor: color }
              : mark === 'fill'
                ? { backgroundColor: color }
                : mark === 'strike'
                  ? { ['--tv-line' as string]: DELETE_COLOR }
                  : { ['--tv-line' as string]: mark === 'caret' ? 'transparent' : color }),
          }}
          aria-hidden
        />
      ))}
      {mark === 'caret' && last && !box && (
        <span
          className="tv-caret"
          style={{
            left: `${(last.left + last.width) * 100}%`,
            top: `${(last.top + last.height) * 100}%`,
            color: INSERT_COLOR,
          }}
          aria-hidden
        >
          ∧
        </span>
      )}
      {/* In the margin left of the page, level with the mark: the text stays readable under it. */}
      <span
        className="tv-marker"
        style={{ ['--tv-lane' as string]: badge.column, top: `${badge.top * 100}%`, backgroundColor: color }}
        aria-hidden
      >
        {note.number}
      </span>
    </>
  );
}

function NoteList({ notes }: { notes: PrintNote[] }) {
  return (
    <ol className="tv-note-list">
      {notes.map(({ number, annotation, quote }) => {
        const category = CATEGORY_BY_KEY[annotation.category];
        return (
          <li
            key={annotation.id}
            className="tv-note"
            data-annotation-id={annotation.id}
            style={{ borderLeftColor: category?.color }}
          >
            <div className="tv-note-head">
              <span className="tv-note-no" style={{ backgroundColor: category?.color }}>
                {number}
              </span>
              <span>{category?.label ?? '其他'}</span>
              <span className="tv-muted">{SEVERITY_LABEL[annotation.severity]}</span>
              {annotation.stamp && <span className="tv-stamp">{annotation.stamp}</span>}
              {printKindLabel(annotation) && (
                <span className="tv-note-kind" data-kind={annotation.kind}>
                  <KindIcon kind={annotation.kind} shape={annotation.shape} size={22} />
                  {printKindLabel(annotation)}
                </span>
              )}
            </div>
            {suggestionView(annotation) ? (
              <p className="tv-suggestion">
                <SuggestionLine annotation={annotation} max={200} />
              </p>
            ) : (
              quote && <blockquote className="tv-quote">“{quote}”</blockquote>
            )}
            {annotation.comment && <p className="tv-note-comment">{annotation.comment}</p>}
            {annotation.replies.map((reply) => (
              <p key={reply.id} className="tv-reply">
                {reply.authorRole === STUDENT_ROLE ? '考生' : reply.authorName}：{reply.comment}
              </p>
            ))}
          </li>
        );
      })}
    </ol>
  );
}
