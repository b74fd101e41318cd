import { DocumentText, describeArea, describeTextRange, type PageRect } from '@zikao/anchoring';
import type { AnnotationCategory, AnnotationInput, AnnotationKind, AnnotationStamp } from '@zikao/contract/annotation';
import { Alert, Button, message, Result, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useSessionStore } from '../shared/stores/session-store.ts';
import { readPreference, writePreference } from '../shared/utils/user-preference.ts';
import { byPage, placeAnnotations, readingOrder } from './anchoring-layout.ts';
import type { Decorate } from './annotation-decoration.ts';
import { AnnotationForm, type AnnotationValues } from './annotation-form.tsx';
import { AnnotationList } from './annotation-list.tsx';
import type { LocalAuthor, WorkspaceAnnotation } from './annotation-model.ts';
import { createOutboxStore } from './idb-outbox-store.ts';
import type { Draft, PageItem, Tool } from './page-overlay.tsx';
import { ShortcutHelp } from './shortcut-help.tsx';
import { isTyping, stepZoom, ZOOM_MAX, ZOOM_MIN } from './shortcuts.ts';
import { PdfSurface, type SurfaceHandle, TextSurface } from './surfaces.tsx';
import { selectedLayerText } from './text-layer-dom.ts';
import { trimRange } from './text-offsets.ts';
import { type DocumentSource, useDocumentSource } from './use-document-source.ts';
import { useWorkspaceKeys } from './use-workspace-keys.ts';
import { useWorkspaceApi } from './workspace-api.ts';
import { type SaveState, WorkspaceController } from './workspace-controller.ts';
import { WorkspaceToolbar } from './workspace-toolbar.tsx';
import './workspace.css';

export interface TextField {
  label: string;
  text: string;
}

export interface AnnotationWorkspaceProps {
  documentId: number;
  mode: 'edit' | 'readonly';
  /** Structured-text mode (topics): these fields are annotated instead of the document's PDF pages. */
  fields?: readonly TextField[];
  /** Readers (candidates) may still answer in reply threads. */
  allowReplies?: boolean;
  onAnnotationsChange?(annotations: readonly WorkspaceAnnotation[]): void;
  /** Fills the parent's height; otherwise the workspace takes the viewport below its top. */
  height?: number | string;
  /** Page thumbnails open at first; by default only on windows 1280 px or wider. A screen that puts
   * a panel beside the workspace passes false, to leave the page its width. */
  thumbnails?: boolean;
  /**
   * Where the annotation list goes. Left out, it sits beside the document. A screen with a side
   * panel of its own passes an element there, so the document keeps the width (null while that
   * element is not mounted holds the list back).
   */
  listHost?: HTMLElement | null;
  /** An annotation was picked on the document: a screen that holds the list elsewhere shows it. */
  onPickAnnotation?(id: string): void;
  /**
   * Who annotates, when not the signed-in user: on an admin review page, the review link's outside
   * expert (its annotations are theirs, and so is the offline queue).
   */
  author?: LocalAuthor;
  /**
   * The screen's colour, label and note for an annotation in place of its category colour (a
   * practice result: found, missed, unmatched). Keep it stable (useCallback): the pages redraw when it changes.
   */
  decorate?: Decorate;
  /** The autosave queue's state as it changes: a screen that submits waits until nothing is pending. */
  onSyncChange?(sync: { saveState: SaveState; pendingCount: number; loaded: boolean }): void;
}

const ZOOM_PREFERENCE = 'workspace_zoom';

/** A stored zoom, if it is a sane one. */
function parseZoom(raw: string): number | null {
  const value = Number(raw);
  return Number.isFinite(value) && value >= ZOOM_MIN && value <= ZOOM_MAX ? value : null;
}

interface PendingDraft extends Draft {
  kind: AnnotationKind;
  pageIndex: number;
  selectors: AnnotationInput['selectors'];
  quote?: string;
  screen: DOMRect;
}

/** The annotation workspace: the document, its annotations, and everything to make and manage them. */
export default function AnnotationWorkspace(props: AnnotationWorkspaceProps) {
  const { documentId, mode, fields } = props;
  const editable = mode === 'edit';
  const session = useSessionStore();
  const api = useWorkspaceApi();
  const author = props.author ?? { id: session.id, name: session.name || '我', role: session.userRole };
  const source = useDocumentSource(api, documentId, fields);
  const [toast, toastHolder] = message.useMessage({ top: 16, maxCount: 3 });

  // The author is fixed for a visit; a new document gets a new controller.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  const controller = useMemo(
    () =>
      new WorkspaceController({
        documentId,
        author,
        store: createOutboxStore(author.id),
        list: api.annotations,
        send: api.send,
        notify: (kind, text) => void toast.open({ type: kind, content: text }),
        online: () => navigator.onLine,
      }),
    [documentId],
  );
  const snapshot = useSyncExternalStore(controller.subscribe, controller.snapshot);

  useEffect(() => {
    void controller.load();
    const online = () => controller.retryNow();
    // Another tab or another reviewer may have changed the list meanwhile.
    const visible = () => {
      if (document.visibilityState === 'visible') void controller.refresh().catch(() => {});
    };
    window.addEventListener('focus', visible);
    window.addEventListener('online', online);
    window.addEventListener('offline', online);
    document.addEventListener('visibilitychange', visible);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', online);
      document.removeEventListener('visibilitychange', visible);
      window.removeEventListener('focus', visible);
      controller.dispose();
    };
  }, [controller]);

  const { onAnnotationsChange } = props;
  useEffect(() => onAnnotationsChange?.(snapshot.annotations), [snapshot.annotations, onAnnotationsChange]);
  const { onSyncChange } = props;
  useEffect(
    () =>
      onSyncChange?.({ saveState: snapshot.saveState, pendingCount: snapshot.pendingCount, loaded: snapshot.loaded }),
    [snapshot.saveState, snapshot.pendingCount, snapshot.loaded, onSyncChange],
  );

  const doc = useMemo(
    () => (source.pages ? new DocumentText(source.pages.map((page) => page.text)) : null),
    [source.pages],
  );
  const placements = useMemo(
    () => (doc ? placeAnnotations(doc, snapshot.annotations) : new Map()),
    [doc, snapshot.annotations],
  );
  // Reading order, the same the annotated PDF numbers its markers in.
  const ordered = useMemo(
    () => (source.pages ? readingOrder(snapshot.annotations, placements, source.pages) : snapshot.annotations),
    [snapshot.annotations, placements, source.pages],
  );
  const numbers = useMemo(() => new Map(ordered.map((a, i) => [a.id, i + 1])), [ordered]);
  const { decorate } = props;
  const itemsByPage = useMemo(() => {
    const pages = byPage(placements);
    const result = new Map<number, PageItem[]>();
    const byId = new Map(snapshot.annotations.map((a) => [a.id, a]));
    for (const [page, ids] of pages) {
      result.set(
        page,
        ids.map((id) => {
          const annotation = byId.get(id) as WorkspaceAnnotation;
          return {
            annotation,
            placement: placements.get(id),
            number: numbers.get(id) ?? 0,
            decoration: decorate?.(annotation),
          };
        }),
      );
    }
    return result;
  }, [placements, snapshot.annotations, numbers, decorate]);

  const [tool, setTool] = useState<Tool>('select');
  const [stamp, setStamp] = useState<AnnotationStamp>('✓');
  // The zoom the person last chose (null: fit the width), for the next document too.
  const [zoom, setZoomState] = useState<number | null>(() => readPreference(ZOOM_PREFERENCE, parseZoom));
  const setZoom = useCallback((next: number | null) => {
    setZoomState(next);
    writePreference(ZOOM_PREFERENCE, next === null ? null : String(next));
  }, []);
  const [fitZoom, setFitZoom] = useState(1);
  const [page, setPage] = useState(0);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const { onPickAnnotation } = props;
  // A pick on the document; the list's own clicks select through setSelectedId.
  const pick = useCallback(
    (id: string | null) => {
      setSelectedId(id);
      if (id) onPickAnnotation?.(id);
    },
    [onPickAnnotation],
  );
  const [flashId, setFlashId] = useState<string | null>(null);
  const [draft, setDraft] = useState<PendingDraft | null>(null);
  const [filter, setFilter] = useState<Set<AnnotationCategory>>(new Set());
  const [help, setHelp] = useState(false);
  const [thumbnailsOpen, setThumbnailsOpen] = useState(() => props.thumbnails ?? window.innerWidth >= 1280);
  const surface = useRef<SurfaceHandle>(null);
  const lastCategory = useRef<AnnotationCategory>('content');

  const open = useCallback(
    (id: string) => {
      setSelectedId(id);
      const placement = placements.get(id);
      if (!placement || placement.kind === 'orphan') return;
      const target = placement.kind === 'text' ? (placement.parts[0]?.page ?? 0) : placement.page;
      void surface.current?.reveal(id, target).then(() => {
        setFlashId(id);
        setTimeout(() => setFlashId((current) => (current === id ? null : current)), 1600);
      });
    },
    [placements],
  );

  const startText = useCallback(
    (range: { start: number; end: number }, screen: DOMRect) => {
      if (!editable || !doc) return;
      const trimmed = trimRange(doc.text, Math.min(range.start, doc.length), Math.min(range.end, doc.length));
      const selection = window.getSelection();
      const selected = (selection ? selectedLayerText(selection) : '').replace(/\s/g, '');
      // The server's page text must read as the page does here; otherwise offsets would point elsewhere.
      if (!trimmed || doc.text.slice(trimmed.start, trimmed.end).replace(/\s/g, '') !== selected) {
        void toast.open({
          type: 'warning',
          content: '这段文字无法定位到服务器提取的文本（可能是扫描页或未嵌入字体），请改用区域批注',
        });
        return;
      }
      const selectors = describeTextRange(doc, trimmed.start, trimmed.end);
      setDraft({
        kind: 'highlight',
        pageIndex: selectors[2].index,
        selectors,
        quote: selectors[0].exact,
        parts: doc.pageParts(trimmed.start, trimmed.end),
        screen,
      });
    },
    [editable, doc, toast],
  );

  const startPlaced = useCallback(
    (pageIndex: number, rect: PageRect | null, screen: DOMRect) => {
      if (!editable || tool === 'select') return;
      const kind: AnnotationKind = tool;
      setDraft({
        kind,
        pageIndex,
        page: pageIndex,
        rect: rect ?? undefined,
        selectors: [describeArea(pageIndex, rect ?? undefined)],
        screen,
      });
    },
    [editable, tool],
  );

  async function saveDraft(values: AnnotationValues) {
    if (!draft) return;
    lastCategory.current = values.category;
    const input: AnnotationInput = {
      id: crypto.randomUUID(),
      kind: draft.kind,
      category: values.category,
      severity: values.severity,
      comment: values.comment,
      stamp: draft.kind === 'stamp' ? values.stamp : null,
      pageIndex: draft.pageIndex,
      selectors: draft.selectors,
    };
    setDraft(null);
    window.getSelection()?.removeAllRanges();
    if (draft.kind !== 'highlight') setTool('select');
    await controller.create(input);
    setSelectedId(input.id);
  }

  async function edit(id: string, values: AnnotationValues) {
    const current = controller.find(id);
    if (!current) return;
    await controller.update({
      id,
      kind: current.kind,
      category: values.category,
      severity: values.severity,
      comment: values.comment,
      stamp: current.kind === 'stamp' ? values.stamp : null,
      pageIndex: current.pageIndex,
      selectors: current.selectors,
    });
  }

  const undo = useCallback(async () => {
    const done = await controller.undo();
    void toast.open({ type: done ? 'success' : 'info', content: done ?? '没有可撤销的操作' });
  }, [controller, toast]);

  async function remove(id: string) {
    await controller.remove(id);
    if (selectedId === id) setSelectedId(null);
    const key = `deleted-${id}`;
    void toast.open({
      key,
      type: 'success',
      duration: 6,
      content: (
        <span>
          已删除批注{' '}
          <Button
            type="link"
            size="small"
            onClick={() => {
              toast.destroy(key);
              void undo();
            }}
          >
            撤销
          </Button>
        </span>
      ),
    });
  }

  const exports = api.personal;
  async function exportFile(kind: 'pdf' | 'jsonld') {
    if (!exports) return;
    if (snapshot.pendingCount > 0) {
      void toast.open({ type: 'warning', content: `还有 ${snapshot.pendingCount} 条批注未同步，导出内容可能不完整` });
    }
    try {
      await (kind === 'pdf' ? exports.exportPdf(documentId) : exports.exportJsonLd(documentId));
    } catch {
      // The request client has shown the reason.
    }
  }

  const effectiveZoom = zoom ?? fitZoom;
  const zoomBy = useCallback(
    (direction: 1 | -1 | 0) => setZoom(direction === 0 ? null : stepZoom(zoom ?? fitZoom, direction)),
    [zoom, fitZoom, setZoom],
  );

  useWorkspaceKeys({
    enabled: !help,
    editable,
    hasDraft: draft !== null,
    selectedId,
    annotations: ordered,
    // Structured text has no boxes, stamps or spots; its field notes come from each field's link.
    onTool: (next) => setTool(fields ? 'select' : next),
    onZoom: zoomBy,
    onUndo: () => void undo(),
    onHelp: () => setHelp(true),
    onEscape: () => {
      setDraft(null);
      setTool('select');
    },
    onOpen: open,
    onDelete: (id) => void remove(id),
    onHighlightSelection: () => surface.current?.takeSelection(),
    onPage: (delta) => surface.current?.scrollToPage(Math.max(0, Math.min(source.sizes.length - 1, page + delta))),
    isTyping,
  });

  if (source.error) {
    return <Result status="error" title="文档加载失败" subTitle={source.error} />;
  }
  if (source.status && source.status !== 'ready') {
    return (
      <Result
        status={source.status === 'failed' ? 'error' : 'info'}
        title={source.status === 'failed' ? '文档处理失败' : '文档正在处理中'}
        subTitle={source.statusText}
      />
    );
  }

  const marked = new Set(itemsByPage.keys());
  const restored = snapshot.restoredCount > 0 && snapshot.pendingCount > 0;

  const list = (
    <aside className="aw-side" aria-label="批注">
      <div className="aw-side-head">
        <h2>批注 {snapshot.annotations.length}</h2>
        {!editable && <span className="aw-muted">只读</span>}
      </div>
      <AnnotationList
        annotations={ordered}
        placements={placements}
        numbers={numbers}
        selectedId={selectedId}
        editable={editable}
        canReply={editable || Boolean(props.allowReplies)}
        currentUserId={author.id}
        filter={filter}
        onFilter={setFilter}
        onOpen={open}
        onEdit={(id, values) => void edit(id, values)}
        onDelete={(id) => void remove(id)}
        onReply={(id, text) => void controller.reply(id, text)}
        pageLabel={(index) => (fields ? (fields[index]?.label ?? `第 ${index + 1} 段`) : `第 ${index + 1} 页`)}
        decorate={decorate}
      />
    </aside>
  );

  return (
    <div className="aw" style={{ height: props.height ?? 'calc(100vh - 150px)' }} data-testid="annotation-workspace">
      {toastHolder}
      <WorkspaceToolbar
        pdfMode={!fields}
        editable={editable}
        tool={tool}
        stamp={stamp}
        zoom={effectiveZoom}
        page={page}
        pageCount={source.sizes.length}
        saveState={snapshot.saveState}
        pendingCount={snapshot.pendingCount}
        canUndo={snapshot.canUndo}
        thumbnailsOpen={thumbnailsOpen}
        onTool={(next, nextStamp) => {
          setTool(next);
          if (nextStamp) setStamp(nextStamp);
          setDraft(null);
        }}
        onZoom={zoomBy}
        onPage={(target) => surface.current?.scrollToPage(target)}
        onUndo={() => void undo()}
        onThumbnails={() => setThumbnailsOpen(!thumbnailsOpen)}
        onHelp={() => setHelp(true)}
        onExport={exports ? (kind) => void exportFile(kind) : undefined}
      />
      {restored && (
        <Alert
          className="aw-banner"
          type="warning"
          showIcon
          message={`${snapshot.pendingCount} 条批注待同步`}
          description="上次离线时的修改已保存在本机，联网后会自动按顺序提交。"
        />
      )}
      {snapshot.error && (
        <Alert className="aw-banner" type="error" showIcon message={`批注加载失败：${snapshot.error}`} />
      )}
      <div className="aw-body">
        {!source.pages ? (
          <div className="aw-loading" role="status">
            <Spin /> 正在打开文档…
          </div>
        ) : fields ? (
          <TextSurface
            ref={surface}
            fields={fields}
            pageStarts={doc?.pageStarts ?? []}
            itemsByPage={itemsByPage}
            draft={draft}
            selectedId={selectedId}
            flashId={flashId}
            tool={tool}
            editable={editable}
            onTextSelected={startText}
            onSelect={pick}
            onPlace={(pageIndex, screen) => startPlaced(pageIndex, null, screen)}
          />
        ) : (
          <PdfSurface
            ref={surface}
            source={source as DocumentSource & { pdf: NonNullable<DocumentSource['pdf']> }}
            pageStarts={doc?.pageStarts ?? []}
            zoom={zoom}
            onFitZoom={setFitZoom}
            itemsByPage={itemsByPage}
            draft={draft}
            selectedId={selectedId}
            flashId={flashId}
            tool={tool}
            stamp={stamp}
            editable={editable}
            thumbnailsOpen={thumbnailsOpen}
            marked={marked}
            page={page}
            onPage={setPage}
            onTextSelected={startText}
            onSelect={pick}
            onPlace={startPlaced}
          />
        )}
        {props.listHost === undefined ? list : props.listHost ? createPortal(list, props.listHost) : null}
      </div>
      {draft && (
        <DraftPopover screen={draft.screen} onClose={() => setDraft(null)}>
          <AnnotationForm
            kind={draft.kind}
            quote={draft.quote}
            initial={{
              category: lastCategory.current,
              severity: 'minor',
              comment: '',
              stamp: draft.kind === 'stamp' ? stamp : null,
            }}
            onSubmit={(values) => void saveDraft(values)}
            onCancel={() => setDraft(null)}
          />
        </DraftPopover>
      )}
      <ShortcutHelp open={help} onClose={() => setHelp(false)} />
    </div>
  );
}

/** A floating card beside the selection or the placed box, kept inside the window. */
function DraftPopover({ screen, onClose, children }: { screen: DOMRect; onClose(): void; children: React.ReactNode }) {
  const width = 380;
  const left = Math.max(8, Math.min(window.innerWidth - width - 8, screen.left + screen.width / 2 - width / 2));
  const below = screen.bottom + 8;
  const preferred = below + 420 > window.innerHeight ? screen.top - 428 : below;
  // Always on screen, even for a selection that reaches beyond the view (made by keyboard or
  // scrolled away): the form must be reachable.
  const top = Math.max(8, Math.min(preferred, window.innerHeight - 428));
  return (
    <div className="aw-popover" role="dialog" aria-label="添加批注" style={{ left, top, width }}>
      <div className="aw-popover-head">
        <span>添加批注</span>
        <Button type="text" size="small" aria-label="关闭" onClick={onClose}>
          ×
        </Button>
      </div>
      {children}
    </div>
  );
}
