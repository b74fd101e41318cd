import type { PageRect } from '@zikao/anchoring';
import type { AnnotationStamp } from '@zikao/contract/annotation';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import { pageOfOffset } from './caret-text.ts';
import { type Draft, type PageItem, PageOverlay, type Tool } from './page-overlay.tsx';
import type { PdfJs } from './pdf-loader.ts';
import { PdfViewer, type ViewerHandle } from './pdf-viewer.tsx';
import {
  caretBoxAt,
  isTextLayerReady,
  rangeOfSelection,
  registerTextLayer,
  selectText,
  unregisterTextLayer,
} from './text-layer-dom.ts';
import { Thumbnails } from './thumbnails.tsx';

/** What the workspace asks of whichever surface shows the document. */
export interface SurfaceHandle {
  scrollToPage(page: number): void;
  reveal(id: string, page: number): Promise<void>;
  /** Turns the current text selection into a draft highlight (keyboard path). */
  takeSelection(): void;
  /**
   * Shows a keyboard selection (global [start, end), its moving end `focus`): renders its pages,
   * selects its text as a mouse would, and keeps the focus end in view. Null clears it.
   */
  showCaret(caret: KeyboardCaret | null): Promise<void>;
  /** The middle of what shows of a page, in page points; null where nothing can be placed. */
  spotInView(page: number): { x: number; y: number } | null;
  /** Where a rectangle of a page is on screen, for the form beside it. */
  screenRect(page: number, rect: PageRect): DOMRect | null;
}

export interface KeyboardCaret {
  start: number;
  end: number;
  focus: number;
}

/** The page and page-local offset a caret is drawn at: a selection's moving end, or the caret. */
export function caretSpot(caret: KeyboardCaret, pageStarts: ArrayLike<number>): { page: number; offset: number } {
  const atEnd = caret.end > caret.start && caret.focus === caret.end;
  const page = pageOfOffset(pageStarts, caret.focus, atEnd);
  return { page, offset: caret.focus - (pageStarts[page] as number) };
}

/** Scrolls `scroller` so that a box of `pageElement` shows, with a margin; no jump when it already does. */
function keepInView(scroller: HTMLElement, pageElement: HTMLElement, top: number, height: number): void {
  const viewTop = scroller.getBoundingClientRect().top;
  const boxTop = pageElement.getBoundingClientRect().top + top - viewTop;
  if (boxTop < 40 || boxTop + height > scroller.clientHeight - 40) {
    scroller.scrollTop = Math.max(0, scroller.scrollTop + boxTop - scroller.clientHeight / 3);
  }
}

async function untilReady(pages: number[], timeoutMs = 3000): Promise<boolean> {
  for (let waited = 0; waited < timeoutMs; waited += 50) {
    if (pages.every(isTextLayerReady)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return pages.every(isTextLayerReady);
}

interface CommonProps {
  pageStarts: ArrayLike<number>;
  itemsByPage: ReadonlyMap<number, PageItem[]>;
  draft: Draft | null;
  selectedId: string | null;
  flashId: string | null;
  tool: Tool;
  editable: boolean;
  onTextSelected(range: { start: number; end: number }, screen: DOMRect): void;
  onSelect(id: string | null): void;
  /** The keyboard caret's page and page-local offset, drawn on that page; null when not in 键盘选择. */
  caret: { page: number; offset: number } | null;
}

const POINTS_TO_CSS = 96 / 72;

export interface PdfSurfaceProps extends CommonProps {
  source: {
    pdfjs: PdfJs | null;
    pdf: PDFDocumentProxy;
    sizes: Array<{ width: number; height: number }>;
  };
  /** 1 = actual size; null = fit the width. */
  zoom: number | null;
  stamp: AnnotationStamp;
  thumbnailsOpen: boolean;
  marked: ReadonlySet<number>;
  page: number;
  onPage(page: number): void;
  onFitZoom(zoom: number): void;
  onPlace(page: number, rect: PageRect, screen: DOMRect): void;
}

export const PdfSurface = forwardRef<SurfaceHandle, PdfSurfaceProps>(function PdfSurface(props, ref) {
  const { source, zoom, onFitZoom, pageStarts, onTextSelected } = props;
  const viewer = useRef<ViewerHandle>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState<number | null>(null);
  const [firstShown, setFirstShown] = useState(false);

  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => {
      const maxWidth = Math.max(...source.sizes.map((size) => size.width), 1);
      // A phone's page takes its whole width (the viewer keeps 16 px each side); a wider pane a wider margin.
      const available = element.clientWidth - (element.clientWidth < 600 ? 34 : 48);
      const next = Math.max(0.25, Math.min(1.6, available / (maxWidth * POINTS_TO_CSS)));
      setFit(Math.round(next * 100) / 100);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [source.sizes]);

  useEffect(() => {
    if (fit !== null) onFitZoom(fit);
  }, [fit, onFitZoom]);

  useImperativeHandle(ref, () => ({
    scrollToPage: (page) => viewer.current?.scrollToPage(page),
    reveal: (id, page) => viewer.current?.reveal(id, page) ?? Promise.resolve(),
    takeSelection() {
      const selection = window.getSelection();
      if (!selection || selection.isCollapsed) return;
      const range = rangeOfSelection(selection, pageStarts);
      if (range) onTextSelected(range, selection.getRangeAt(0).getBoundingClientRect());
    },
    async showCaret(caret) {
      if (!caret) {
        window.getSelection()?.removeAllRanges();
        return;
      }
      const spot = caretSpot(caret, pageStarts);
      if (!isTextLayerReady(spot.page)) viewer.current?.scrollToPage(spot.page);
      if (!(await untilReady([spot.page]))) return;
      // A long selection may reach pages no longer rendered; it is then kept, not shown whole.
      selectText(pageStarts, caret.start, caret.end);
      const scroller = viewer.current?.element();
      const pageElement = scroller?.querySelector<HTMLElement>(`.aw-page[data-page-index="${spot.page}"]`);
      const box = pageElement ? caretBoxAt(pageElement, spot.page, spot.offset) : null;
      if (scroller && pageElement && box) keepInView(scroller, pageElement, box.top, box.height);
    },
    spotInView: (page) => viewer.current?.spotInView(page) ?? null,
    screenRect(page, rect) {
      const pageElement = viewer.current?.element()?.querySelector(`.aw-page[data-page-index="${page}"]`);
      const scale = (zoom ?? fit ?? 1) * POINTS_TO_CSS;
      if (!pageElement) return null;
      const origin = pageElement.getBoundingClientRect();
      return new DOMRect(
        origin.left + rect.x * scale,
        origin.top + rect.y * scale,
        rect.width * scale,
        rect.height * scale,
      );
    },
  }));

  const onFirstRender = useCallback(() => setFirstShown(true), []);
  const effective = zoom ?? fit;

  return (
    <>
      {props.thumbnailsOpen && (
        <Thumbnails
          pdf={source.pdf}
          sizes={source.sizes}
          current={props.page}
          enabled={firstShown}
          marked={props.marked}
          onJump={(page) => viewer.current?.scrollToPage(page)}
        />
      )}
      <div ref={frame} className="aw-main">
        {effective !== null && source.pdfjs && (
          <PdfViewer
            ref={viewer}
            pdfjs={source.pdfjs}
            pdf={source.pdf}
            sizes={source.sizes}
            pageStarts={pageStarts}
            scale={effective * POINTS_TO_CSS}
            itemsByPage={props.itemsByPage}
            draft={props.draft}
            selectedId={props.selectedId}
            flashId={props.flashId}
            tool={props.tool}
            stamp={props.stamp}
            editable={props.editable}
            onPlace={props.onPlace}
            onSelect={props.onSelect}
            onTextSelected={onTextSelected}
            onCurrentPage={props.onPage}
            onFirstRender={onFirstRender}
            caret={props.caret}
          />
        )}
      </div>
    </>
  );
});

export interface TextSurfaceProps extends CommonProps {
  fields: ReadonlyArray<{ label: string; text: string }>;
  onPlace(page: number, screen: DOMRect): void;
}

/**
 * Structured-text mode: each field is a "page" of the document, its text one text-layer item, so
 * selection, selectors, anchoring and highlight drawing are exactly those of the PDF viewer.
 */
export const TextSurface = forwardRef<SurfaceHandle, TextSurfaceProps>(function TextSurface(props, ref) {
  const { fields, pageStarts, onTextSelected } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const textRefs = useRef<Array<HTMLParagraphElement | null>>([]);
  const [version, setVersion] = useState(0);

  useLayoutEffect(() => {
    const registered: HTMLElement[] = [];
    textRefs.current.forEach((element, index) => {
      if (!element) return;
      const container = element.parentElement as HTMLElement;
      registerTextLayer(container, index, [element], [0], [fields[index]?.text.length ?? 0]);
      registered.push(container);
    });
    setVersion((v) => v + 1);
    return () => {
      for (const container of registered) unregisterTextLayer(container);
    };
  }, [fields]);

  function select() {
    const selection = window.getSelection();
    if (!selection || selection.isCollapsed) return;
    const range = rangeOfSelection(selection, pageStarts);
    if (range) onTextSelected(range, selection.getRangeAt(0).getBoundingClientRect());
  }

  useImperativeHandle(ref, () => ({
    scrollToPage(page) {
      scrollRef.current?.querySelector(`[data-page-index="${page}"]`)?.scrollIntoView({ block: 'start' });
    },
    async reveal(id, page) {
      const target = scrollRef.current?.querySelector(
        `[data-page-index="${page}"] [data-annotation-id="${CSS.escape(id)}"] .aw-hl`,
      );
      target?.scrollIntoView({ block: 'center' });
    },
    takeSelection: select,
    async showCaret(caret) {
      if (!caret) {
        window.getSelection()?.removeAllRanges();
        return;
      }
      selectText(pageStarts, caret.start, caret.end);
      const spot = caretSpot(caret, pageStarts);
      const block = scrollRef.current?.querySelector<HTMLElement>(`[data-page-index="${spot.page}"]`);
      const box = block ? caretBoxAt(block, spot.page, spot.offset) : null;
      if (scrollRef.current && block && box) keepInView(scrollRef.current, block, box.top, box.height);
    },
    spotInView: () => null,
    screenRect: () => null,
  }));

  return (
    <section
      ref={scrollRef}
      className="aw-scroll aw-text-doc"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus so the keyboard can scroll it (axe scrollable-region-focusable)
      tabIndex={0}
      aria-label="论文正文"
      onMouseUp={() => requestAnimationFrame(select)}
      data-testid="workspace-scroll"
    >
      {fields.map((field, index) => (
        <section key={field.label} className="aw-field-block aw-page" data-page-index={index} aria-label={field.label}>
          <h3>
            {field.label}
            {props.editable && (
              <button
                type="button"
                className="aw-link"
                onClick={(event) => props.onPlace(index, (event.currentTarget as HTMLElement).getBoundingClientRect())}
              >
                添加整段批注
              </button>
            )}
          </h3>
          <div className="aw-text-layer aw-field-text">
            <p
              ref={(element) => {
                textRefs.current[index] = element;
              }}
            >
              {field.text}
            </p>
          </div>
          <PageOverlay
            pageIndex={index}
            scale={1}
            layerVersion={version}
            width={0}
            height={0}
            items={props.itemsByPage.get(index) ?? []}
            draft={props.draft}
            selectedId={props.selectedId}
            flashId={props.flashId}
            tool="select"
            stamp="✓"
            editable={false}
            onPlace={() => {}}
            onSelect={(id) => props.onSelect(id)}
            caretAt={props.caret?.page === index ? props.caret.offset : null}
          />
        </section>
      ))}
    </section>
  );
});
