import { DocumentText, describeArea, describeTextRange, type PageRect } from '@zikao/anchoring';
import {
  type AnnotationCategory,
  type AnnotationInput,
  type AnnotationKind,
  type AnnotationShape,
  type AnnotationStamp,
  type DrawnKind,
  isSuggestion,
} from '@zikao/contract/annotation';
import { Alert, Button, message, Result, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useSessionStore } from '../shared/stores/session-store.ts';
import { readPreference, writePreference } from '../shared/utils/user-preference.ts';
import { byPage, placeAnnotations, readingOrder } from './anchoring-layout.ts';
import type { Decorate } from './annotation-decoration.ts';
import { AnnotationForm, type AnnotationValues } from './annotation-form.tsx';
import { AnnotationList, type ListCommand } from './annotation-list.tsx';
import type { LocalAuthor, WorkspaceAnnotation } from './annotation-model.ts';
import { CaretModel, type CaretState } from './caret-text.ts';
import { DraftPopover } from './draft-popover.tsx';
import { createOutboxStore } from './idb-outbox-store.ts';
import { KeyHint, movePlacement, type Placing, placingDraft, placingShape, startPlacing } from './keyboard-placing.tsx';
import { DrawContext } from './marks/draw-context.ts';
import type { PageSize } from './marks/draw-geometry.ts';
import { drawnSelectors, insertCaretAt } from './marks/mark-selectors.ts';
import { insertQuoteRange } from './marks/text-marks.ts';
import {
  isDrawTool,
  isPointerTool,
  isTextMarkTool,
  overlayTool,
  type TextMarkTool,
  textKindOf,
  type WorkspaceTool,
} from './marks/tools.ts';
import { useDrawing } from './marks/use-drawing.ts';
import type { Draft, PageItem } from './page-overlay.tsx';
import { ShortcutHelp } from './shortcut-help.tsx';
import { isTyping, stepZoom, ZOOM_MAX, ZOOM_MIN } from './shortcuts.ts';
import { caretSpot, PdfSurface, type SurfaceHandle, TextSurface } from './surfaces.tsx';
import { rangeOfSelection, selectedLayerText } from './text-layer-dom.ts';
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
  /** Each annotation's number (the one numbering, issue 32 §1.1), for panels beside the workspace. */
  onNumbersChange?(numbers: ReadonlyMap<string, number>): void;
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
  /** The words after an insertion caret, for the form's preview. */
  suffix?: string;
  /** A drawn mark's strokes. */
  shape?: AnnotationShape;
  screen: DOMRect;
  /** The words selected (global offsets), so a mark key can turn the draft into another kind. */
  range?: { start: number; end: number };
  /**
   * Opened by a mouse selection: the card leaves the focus in the document, so D, U, M, I and H
   * act on the selection; a click in the card or Enter gives it the focus.
   */
  waiting?: boolean;
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
  const { onNumbersChange } = props;
  useEffect(() => onNumbersChange?.(numbers), [numbers, onNumbersChange]);
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

  const [tool, setTool] = useState<WorkspaceTool>('select');
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
  // 专注模式: the workspace over the whole window, with its list beside the page.
  const [focusMode, setFocusMode] = useState(false);
  const [thumbnailsOpen, setThumbnailsOpen] = useState(() => props.thumbnails ?? window.innerWidth >= 1280);
  const surface = useRef<SurfaceHandle>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const lastCategory = useRef<AnnotationCategory>('content');
  // 键盘选择: a caret or selection moved with the keyboard through the server's page text.
  const [caret, setCaret] = useState<CaretState | null>(null);
  const caretModel = useMemo(
    () => (doc ? new CaretModel({ text: doc.text, pageStarts: doc.pageStarts }) : null),
    [doc],
  );
  const keyboardCaret = useMemo(
    () =>
      caret
        ? { start: Math.min(caret.anchor, caret.focus), end: Math.max(caret.anchor, caret.focus), focus: caret.focus }
        : null,
    [caret],
  );
  const caretDrawn = useMemo(
    () => (keyboardCaret && doc ? caretSpot(keyboardCaret, doc.pageStarts) : null),
    [keyboardCaret, doc],
  );
  const hadCaret = useRef(false);
  // Set while a key (Enter) hands the mouse's selection to the form: that card takes the focus.
  const byKey = useRef(false);
  useEffect(() => {
    if (!keyboardCaret && !hadCaret.current) return;
    hadCaret.current = keyboardCaret !== null;
    void surface.current?.showCaret(keyboardCaret);
  }, [keyboardCaret]);
  // A box, stamp or note being placed from the keyboard (A, S or N, then Enter).
  const [placing, setPlacing] = useState<Placing | null>(null);
  const [listCommand, setListCommand] = useState<ListCommand | null>(null);
  const [announcement, setAnnouncement] = useState('');
  function toggleFocusMode() {
    setAnnouncement(focusMode ? '已退出专注模式' : '已进入专注模式，按 F 或 Esc 退出');
    setFocusMode(!focusMode);
  }

  /** Back to the document after a form closes, so the next key goes on annotating. */
  const refocusDocument = useCallback(() => {
    requestAnimationFrame(() =>
      rootRef.current?.querySelector<HTMLElement>('.aw-scroll')?.focus({ preventScroll: true }),
    );
  }, []);

  // A pointer in the document ends keyboard selection: the mouse has taken over.
  useEffect(() => {
    if (!caret) return;
    const onPointerDown = (event: PointerEvent) => {
      if ((event.target as Element | null)?.closest?.('.aw-scroll')) setCaret(null);
    };
    window.addEventListener('pointerdown', onPointerDown, true);
    return () => window.removeEventListener('pointerdown', onPointerDown, true);
  }, [caret]);

  useEffect(() => {
    if (!caret || !doc) return;
    const start = Math.min(caret.anchor, caret.focus);
    const end = Math.max(caret.anchor, caret.focus);
    const page = doc.pageAt(caret.focus) + 1;
    const text = doc.text.slice(start, end).replace(/\s+/g, '');
    setAnnouncement(
      end > start
        ? `已选 ${text.length} 字：${text.length > 60 ? `${text.slice(0, 60)}…` : text}（第 ${page} 页）`
        : `光标在第 ${page} 页`,
    );
  }, [caret, doc]);

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

  /** An insertion suggestion at a caret (global offset): its quote is the characters just before it. */
  const startInsertAt = useCallback(
    (caretAt: number, screen: DOMRect, waiting = false) => {
      if (!editable || !doc) return;
      const range = insertQuoteRange(doc.text, caretAt);
      if (!range) {
        void toast.open({ type: 'info', content: '请把插入点放在文字之后（两字之间或句末）' });
        return;
      }
      const selectors = describeTextRange(doc, range.start, range.end);
      setDraft({
        kind: 'insert',
        pageIndex: selectors[2].index,
        selectors,
        quote: selectors[0].exact,
        suffix: selectors[0].suffix,
        parts: doc.pageParts(range.end - 1, range.end),
        screen,
        waiting,
      });
    },
    [editable, doc, toast],
  );

  const startText = useCallback(
    (range: { start: number; end: number }, screen: DOMRect, fromKeyboard = false, kindOverride?: AnnotationKind) => {
      if (!editable || !doc) return;
      const kind = kindOverride ?? textKindOf(tool);
      const trimmed = trimRange(doc.text, Math.min(range.start, doc.length), Math.min(range.end, doc.length));
      const selection = window.getSelection();
      const selected = (selection ? selectedLayerText(selection) : '').replace(/\s/g, '');
      // The server's page text must read as the page does here; otherwise offsets would point
      // elsewhere. A keyboard selection is made in the server's text itself.
      const mismatch =
        !fromKeyboard && doc.text.slice(trimmed?.start ?? 0, trimmed?.end ?? 0).replace(/\s/g, '') !== selected;
      if (!trimmed || mismatch) {
        void toast.open({
          type: 'warning',
          content: '这段文字无法定位到服务器提取的文本（可能是扫描页或未嵌入字体），请改用区域批注',
        });
        return;
      }
      if (kind === 'insert') {
        // A selection made with the insert tool: the text goes in after its last character.
        startInsertAt(trimmed.end, screen, !fromKeyboard && kindOverride === undefined && !byKey.current);
        return;
      }
      const selectors = describeTextRange(doc, trimmed.start, trimmed.end);
      setDraft({
        kind,
        pageIndex: selectors[2].index,
        selectors,
        quote: selectors[0].exact,
        parts: doc.pageParts(trimmed.start, trimmed.end),
        screen,
        range: trimmed,
        waiting: !fromKeyboard && kindOverride === undefined && !byKey.current,
      });
    },
    [editable, doc, toast, tool, startInsertAt],
  );

  /** A click between two characters with the insert tool: the caret at the point clicked. */
  function onInsertClick(event: React.MouseEvent) {
    if (tool !== 'insert' || !doc || event.button !== 0) return;
    const { clientX, clientY } = event;
    const pageElement = (event.target as Element).closest?.<HTMLElement>('.aw-page');
    requestAnimationFrame(() => {
      const selection = window.getSelection();
      // A drag made a selection: the surface has taken it (the text goes in after it).
      if (selection && !selection.isCollapsed) return;
      const caretAt = insertCaretAt(doc, pageElement, clientX, clientY);
      if (caretAt === 'mismatch') {
        void toast.open({
          type: 'warning',
          content: '这里的文字无法定位到服务器提取的文本（可能是扫描页或未嵌入字体），请改用区域批注',
        });
      } else if (caretAt !== null) {
        startInsertAt(caretAt, new DOMRect(clientX, clientY - 10, 1, 20), true);
      }
    });
  }

  /** Opens the form for a drawn mark: its page fragment, and the text under it where there is any. */
  function startDrawn(page: number, kind: DrawnKind, shape: AnnotationShape, size: PageSize) {
    if (!editable) return;
    const pageElement = rootRef.current?.querySelector<HTMLElement>(`.aw-page[data-page-index="${page}"]`);
    const { selectors, bounds } = drawnSelectors(doc, pageElement, page, kind, shape, size);
    const screen = surface.current?.screenRect(page, bounds) ?? new DOMRect(200, 200, 0, 0);
    setDraft({ kind, pageIndex: page, page, selectors, shape, screen });
  }

  const startPlaced = useCallback(
    (pageIndex: number, rect: PageRect | null, screen: DOMRect) => {
      const kind = overlayTool(tool);
      if (!editable || kind === 'select') return;
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

  async function saveDraft(values: AnnotationValues, made: PendingDraft | null = draft) {
    if (!made) return;
    const draft = made;
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
      ...(isSuggestion(draft.kind) ? { suggestion: values.suggestion ?? '' } : {}),
      ...(draft.shape ? { shape: draft.shape } : {}),
    };
    setDraft(null);
    window.getSelection()?.removeAllRanges();
    // Words and drawings come many at a time: their tools stay in hand. A box, note or stamp is one.
    if (draft.kind === 'area' || draft.kind === 'note' || draft.kind === 'stamp') setTool('select');
    if (caret) {
      const end = Math.max(caret.anchor, caret.focus);
      setCaret({ anchor: end, focus: end });
    }
    refocusDocument();
    await controller.create(input);
    setSelectedId(input.id);
  }

  function closeDraft() {
    setDraft(null);
    refocusDocument();
  }

  /**
   * A mark key while a mouse selection's card waits: D and U make their mark at once (they need no
   * words), M, I and H turn the card into that kind with its field focused.
   */
  function markDraft(kind: TextMarkTool | 'highlight') {
    if (!draft?.range || !doc) return;
    if (kind === 'strikeout' || kind === 'underline') {
      void saveDraft(
        { category: lastCategory.current, severity: 'minor', comment: '', stamp: null },
        { ...draft, kind, waiting: false },
      );
      setAnnouncement(kind === 'strikeout' ? '已添加删除建议' : '已添加下划线');
      return;
    }
    if (kind === 'insert') {
      startInsertAt(draft.range.end, draft.screen);
      return;
    }
    setDraft({ ...draft, kind, waiting: false });
  }

  function enterCaretMode() {
    if (!caretModel || !doc) return;
    if (caret) {
      setCaret(null);
      setAnnouncement('已退出键盘选择');
      return;
    }
    const first = caretModel.sentenceFrom(doc.pageStarts[page] ?? 0);
    const at = first ? first[0] : 0;
    setCaret({ anchor: at, focus: at });
  }

  function annotateCaret(kind?: AnnotationKind) {
    if (keyboardCaret && kind === 'insert') {
      const rect = rootRef.current?.querySelector('.aw-caret')?.getBoundingClientRect() ?? new DOMRect(200, 200, 0, 0);
      startInsertAt(keyboardCaret.end, rect);
      return;
    }
    if (!keyboardCaret || keyboardCaret.end <= keyboardCaret.start) {
      void toast.open({ type: 'info', content: '请先用方向键选择文字：↓ 选下一句，Shift+← → 调整' });
      return;
    }
    const selection = window.getSelection();
    const rect =
      selection && !selection.isCollapsed
        ? selection.getRangeAt(0).getBoundingClientRect()
        : (rootRef.current?.querySelector('.aw-caret')?.getBoundingClientRect() ?? new DOMRect(200, 200, 0, 0));
    startText({ start: keyboardCaret.start, end: keyboardCaret.end }, rect, true, kind);
  }

  /** U, D, M or I: marks the keyboard's or the mouse's selection (or caret) with that kind, or takes the tool. */
  function markSelection(kind: TextMarkTool) {
    if (caret) {
      annotateCaret(kind);
      return;
    }
    if (!markSelectionAs(kind)) chooseTool(kind);
  }

  /** Marks the mouse's selection with a kind; false when nothing is selected in the document's text. */
  function markSelectionAs(kind: AnnotationKind): boolean {
    const selection = window.getSelection();
    const range = selection && doc ? rangeOfSelection(selection, doc.pageStarts) : null;
    if (!selection || !range) return false;
    startText(range, selection.getRangeAt(0).getBoundingClientRect(), false, kind);
    return true;
  }

  /** Takes up a tool; pen strokes not yet finished become their mark first. */
  function chooseTool(next: WorkspaceTool, nextStamp?: AnnotationStamp) {
    if (next !== 'pen') drawing.finishPen();
    setPlacing(null);
    setTool(
      fields && (isPointerTool(next) || next === 'area' || next === 'note' || next === 'stamp') ? 'select' : next,
    );
    if (nextStamp) setStamp(nextStamp);
  }

  function beginPlacing() {
    if (tool === 'pen') {
      drawing.finishPen();
      return;
    }
    if (tool === 'select' || isTextMarkTool(tool) || tool === 'eraser' || !source.sizes[page]) return;
    const spot = surface.current?.spotInView(page);
    if (!spot) return;
    if (tool === 'note') {
      // A page note goes in the page's margin, as a click beside the page would put it.
      const screen = surface.current?.screenRect(page, { x: spot.x, y: spot.y, width: 1, height: 1 });
      startPlaced(page, null, screen ?? new DOMRect(200, 200, 0, 0));
      return;
    }
    setPlacing(startPlacing(tool, page, spot, source.sizes[page]));
  }

  function confirmPlacing() {
    if (!placing) return;
    const size = source.sizes[placing.page];
    const drawn = size ? placingShape(placing, size, drawing.color, drawing.width) : null;
    if (drawn && size) {
      setPlacing(null);
      startDrawn(placing.page, drawn.kind, drawn.shape, size);
      return;
    }
    const screen = surface.current?.screenRect(placing.page, placing.rect) ?? new DOMRect(200, 200, 0, 0);
    setPlacing(null);
    startPlaced(placing.page, placing.rect, screen);
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
      ...(isSuggestion(current.kind) ? { suggestion: values.suggestion ?? current.suggestion ?? '' } : {}),
      ...(current.shape ? { shape: current.shape } : {}),
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

  const drawing = useDrawing({
    active: editable && !draft,
    tool,
    annotations: snapshot.annotations,
    authorId: author.id,
    placing,
    sizes: source.sizes,
    onDrawn: startDrawn,
    onErase: (id) => void remove(id),
    announce: setAnnouncement,
  });

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
    caretActive: caret !== null,
    placing: placing !== null,
    // Structured text has no boxes, stamps or spots; its field notes come from each field's link.
    onTool: (next) => chooseTool(next),
    onMark: markSelection,
    onZoom: zoomBy,
    onUndo: () => void undo(),
    onHelp: () => setHelp(true),
    onEscape: () => {
      if (placing) {
        setPlacing(null);
        return;
      }
      if (drawing.penStrokes > 0) {
        drawing.cancelPen();
        return;
      }
      if (caret) {
        setCaret(null);
        setAnnouncement('已退出键盘选择');
        return;
      }
      if (draft) {
        setDraft(null);
        return;
      }
      if (focusMode) {
        toggleFocusMode();
        return;
      }
      setTool('select');
    },
    onFocusMode: toggleFocusMode,
    onOpen: (id) => {
      open(id);
      onPickAnnotation?.(id);
    },
    onDelete: (id) => void remove(id),
    onCaretMode: enterCaretMode,
    onCaretMove: (key, options) => {
      if (!caret || !caretModel) return;
      setCaret(caretModel.move(caret, key, options));
    },
    onEnter: () => {
      if (placing) confirmPlacing();
      else if (!fields && (tool === 'pen' || overlayTool(tool) !== 'select' || isDrawTool(tool))) beginPlacing();
      else if (caret) annotateCaret(isTextMarkTool(tool) ? tool : undefined);
      else {
        byKey.current = true;
        try {
          surface.current?.takeSelection();
        } finally {
          byKey.current = false;
        }
      }
    },
    draftWaiting: draft?.waiting === true,
    onDraftMark: markDraft,
    onDraftFocus: () => draft && setDraft({ ...draft, waiting: false }),
    onPlacingMove: (dx, dy, resize) => {
      if (placing) setPlacing(movePlacement(placing, dx, dy, resize, source.sizes[placing.page]));
    },
    onListCommand: (action) => {
      if (!selectedId) {
        void toast.open({ type: 'info', content: '请先用 J / K 选中一条批注' });
        return;
      }
      onPickAnnotation?.(selectedId);
      setListCommand({ id: selectedId, action, nonce: Date.now() });
    },
    onHighlightSelection: () => {
      if (caret) annotateCaret('highlight');
      else markSelectionAs('highlight');
    },
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
        command={listCommand}
        pageLabel={(index) => (fields ? (fields[index]?.label ?? `第 ${index + 1} 段`) : `第 ${index + 1} 页`)}
        decorate={decorate}
      />
    </aside>
  );

  return (
    <div
      ref={rootRef}
      className={`aw${focusMode ? ' aw-focus' : ''}`}
      style={{ height: focusMode ? undefined : (props.height ?? 'calc(100vh - 150px)') }}
      data-focus-mode={focusMode}
      data-testid="annotation-workspace"
    >
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
          setDraft(null);
          chooseTool(next, nextStamp);
        }}
        drawColor={drawing.color}
        drawWidth={drawing.width}
        onDrawStyle={drawing.setStyle}
        penStrokes={drawing.penStrokes}
        onPenDone={drawing.finishPen}
        onPenCancel={drawing.cancelPen}
        onZoom={zoomBy}
        onPage={(target) => surface.current?.scrollToPage(target)}
        onUndo={() => void undo()}
        onThumbnails={() => setThumbnailsOpen(!thumbnailsOpen)}
        onHelp={() => setHelp(true)}
        focusMode={focusMode}
        onFocusMode={toggleFocusMode}
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
      {/* The insert tool's click between two characters reaches here once the browser placed its caret. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer path of the insert tool; the keyboard's is I in 键盘选择 */}
      <div className="aw-body" onMouseUp={onInsertClick}>
        <DrawContext.Provider value={drawing.state}>
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
              tool={overlayTool(tool)}
              editable={editable}
              caret={caretDrawn}
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
              draft={draft ?? placingDraft(placing)}
              selectedId={selectedId}
              flashId={flashId}
              tool={overlayTool(tool)}
              stamp={stamp}
              caret={caretDrawn}
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
        </DrawContext.Provider>
        {props.listHost === undefined || focusMode ? list : props.listHost ? createPortal(list, props.listHost) : null}
        <KeyHint caret={caret !== null} placing={placing?.kind ?? null} pen={drawing.penStrokes} />
      </div>
      <div className="aw-sr-only" aria-live="polite" data-testid="keyboard-announcement">
        {announcement}
      </div>
      {draft && (
        <DraftPopover
          screen={draft.screen}
          onClose={closeDraft}
          hint={
            draft.waiting && draft.range
              ? '按 D 删除建议、U 下划线、M 修改建议、I 插入建议；Enter 或点击下方填写批注'
              : draft.waiting
                ? '按 Enter 或点击下方填写'
                : undefined
          }
        >
          <AnnotationForm
            // A new kind or the focus asked for: the form opens afresh, its field focused.
            key={`${draft.kind}-${draft.waiting ? 'waiting' : 'focused'}`}
            autoFocus={!draft.waiting}
            kind={draft.kind}
            quote={draft.quote}
            suffix={draft.suffix}
            initial={{
              category: lastCategory.current,
              severity: 'minor',
              comment: '',
              stamp: draft.kind === 'stamp' ? stamp : null,
              ...(isSuggestion(draft.kind) ? { suggestion: '' } : {}),
            }}
            onSubmit={(values) => void saveDraft(values)}
            onCancel={closeDraft}
          />
        </DraftPopover>
      )}
      <ShortcutHelp open={help} onClose={() => setHelp(false)} />
    </div>
  );
}
