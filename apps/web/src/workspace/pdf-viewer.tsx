import type { PageRect } from '@zikao/anchoring';
import type { AnnotationStamp } from '@zikao/contract/annotation';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { layoutPages, pageAtY, pagesInView } from './page-layout.ts';
import { type Draft, hitBoxes, type PageItem, type Tool } from './page-overlay.tsx';
import type { PdfJs } from './pdf-loader.ts';
import { PdfPage } from './pdf-page.tsx';
import { rangeOfSelection } from './text-layer-dom.ts';

export interface ViewerHandle {
  scrollToPage(page: number, yPoints?: number): void;
  /** Scrolls an annotation into the middle of the view once its page has rendered. */
  reveal(id: string, page: number): Promise<void>;
  element(): HTMLDivElement | null;
  /** The middle of what shows of a page, in page points (where a keyboard-placed box starts). */
  spotInView(page: number): { x: number; y: number };
}

export interface PdfViewerProps {
  pdfjs: PdfJs;
  pdf: PDFDocumentProxy;
  sizes: ReadonlyArray<{ width: number; height: number }>;
  pageStarts: ArrayLike<number>;
  scale: number;
  itemsByPage: ReadonlyMap<number, PageItem[]>;
  draft: Draft | null;
  selectedId: string | null;
  flashId: string | null;
  tool: Tool;
  stamp: AnnotationStamp;
  editable: boolean;
  onPlace(page: number, rect: PageRect, screen: DOMRect): void;
  onSelect(id: string | null): void;
  onTextSelected(range: { start: number; end: number }, screen: DOMRect): void;
  onCurrentPage(page: number): void;
  /** The first page drawn (whichever the view opened on), or failed to draw. */
  onFirstRender?(): void;
  /** The keyboard caret (a page and a page-local offset), or null. */
  caret: { page: number; offset: number } | null;
}

const NO_ITEMS: PageItem[] = [];

/** The pages of a PDF, virtualised: placeholders sized from the page sizes, only pages near the view rendered. */
export const PdfViewer = forwardRef<ViewerHandle, PdfViewerProps>(function PdfViewer(props, ref) {
  const { sizes, scale, onCurrentPage, pageStarts, onTextSelected, onSelect, onFirstRender } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const layout = useMemo(() => layoutPages(sizes, scale), [sizes, scale]);
  const [view, setView] = useState({ top: 0, height: 800, width: 800 });
  const frame = useRef(0);
  const previous = useRef<{ scale: number; page: number; ratio: number } | null>(null);
  const firstRendered = useRef(false);
  const firstSettled = useRef(false);
  // Until one page has painted, only the page the view opens on is drawn: the worker and the
  // main thread give it all their time, and its neighbours follow.
  const [painted, setPainted] = useState(false);

  const measure = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    setView({ top: element.scrollTop, height: element.clientHeight, width: element.clientWidth });
  }, []);

  useEffect(() => {
    measure();
    const element = scrollRef.current;
    if (!element) return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure]);

  const current = pageAtY(layout, view.top + view.height / 3);
  useEffect(() => onCurrentPage(current), [current, onCurrentPage]);

  // Zooming keeps the same spot of the same page in view.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    const before = previous.current;
    if (element && before && before.scale !== scale) {
      element.scrollTop = (layout.tops[before.page] as number) + before.ratio * (layout.heights[before.page] as number);
      measure();
    }
    const page = pageAtY(layout, element?.scrollTop ?? 0);
    const ratio = element ? (element.scrollTop - (layout.tops[page] as number)) / (layout.heights[page] || 1) : 0;
    previous.current = { scale, page, ratio };
  }, [scale, layout, measure]);

  function onScroll() {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      measure();
      const element = scrollRef.current;
      if (!element) return;
      const page = pageAtY(layout, element.scrollTop);
      previous.current = {
        scale,
        page,
        ratio: (element.scrollTop - (layout.tops[page] as number)) / (layout.heights[page] || 1),
      };
    });
  }

  useImperativeHandle(
    ref,
    () => ({
      scrollToPage(page, yPoints = 0) {
        const element = scrollRef.current;
        if (!element || layout.tops[page] === undefined) return;
        element.scrollTop = (layout.tops[page] as number) + yPoints * scale - 8;
        measure();
      },
      async reveal(id, page) {
        const element = scrollRef.current;
        if (!element) return;
        const selector = `.aw-page[data-page-index="${page}"] [data-annotation-id="${CSS.escape(id)}"]`;
        let target = element.querySelector<HTMLElement>(selector);
        if (!target?.querySelector('.aw-hl') && !target?.matches('button')) {
          element.scrollTop = (layout.tops[page] as number) - 8;
          measure();
        }
        for (let i = 0; i < 60; i++) {
          target = element.querySelector<HTMLElement>(selector);
          if (target && (target.matches('button') || target.querySelector('.aw-hl'))) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const box = target?.matches('button') ? target : target?.querySelector<HTMLElement>('.aw-hl');
        if (!box) return;
        const top = box.getBoundingClientRect().top - element.getBoundingClientRect().top + element.scrollTop;
        element.scrollTop = Math.max(0, top - element.clientHeight / 3);
        measure();
      },
      element: () => scrollRef.current,
      spotInView(page) {
        const element = scrollRef.current;
        const top = layout.tops[page] ?? 0;
        const height = layout.heights[page] ?? 0;
        const viewTop = element?.scrollTop ?? 0;
        const viewBottom = viewTop + (element?.clientHeight ?? height);
        const middle = (Math.max(top, viewTop) + Math.min(top + height, viewBottom)) / 2;
        const size = sizes[page] ?? { width: 595, height: 842 };
        return { x: size.width / 2, y: Math.max(0, Math.min(size.height, (middle - top) / scale)) };
      },
    }),
    [layout, scale, measure, sizes],
  );

  // The first page drawn (or failed), whichever it is, lets the rest follow: neighbours, thumbnails.
  const settled = useCallback(() => {
    setPainted(true);
    if (!firstSettled.current) {
      firstSettled.current = true;
      onFirstRender?.();
    }
  }, [onFirstRender]);

  const handleRendered = useCallback(
    (page: number) => {
      if (page === 0 && !firstRendered.current) {
        firstRendered.current = true;
        performance.mark('zikao:first-page-painted');
      }
      settled();
    },
    [settled],
  );

  function onMouseUp(event: React.MouseEvent) {
    if (props.tool !== 'select') return;
    // Let the browser finish the selection first.
    requestAnimationFrame(() => {
      const selection = window.getSelection();
      if (selection && !selection.isCollapsed) {
        const range = rangeOfSelection(selection, pageStarts);
        if (range) {
          onTextSelected(range, selection.getRangeAt(0).getBoundingClientRect());
          return;
        }
      }
      const pageElement = (event.target as Element).closest<HTMLElement>('.aw-page');
      if (!pageElement) return;
      const page = Number(pageElement.dataset.pageIndex);
      const origin = pageElement.getBoundingClientRect();
      const x = event.clientX - origin.left;
      const y = event.clientY - origin.top;
      const hit = hitBoxes
        .get(page)
        ?.find(({ box }) => x >= box.left && x <= box.left + box.width && y >= box.top && y <= box.top + box.height);
      if (hit) onSelect(hit.id);
    });
  }

  const visible = pagesInView(layout, view.top, view.height, 1);
  const lead = pageAtY(layout, view.top);
  const innerWidth = Math.max(layout.maxWidth + 32, view.width);

  return (
    <section
      ref={scrollRef}
      className="aw-scroll"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus so the keyboard can scroll it (axe scrollable-region-focusable)
      tabIndex={0}
      aria-label="论文正文"
      onScroll={onScroll}
      onMouseUp={onMouseUp}
      data-testid="workspace-scroll"
    >
      <div className="aw-pages" style={{ height: layout.total, width: innerWidth }}>
        {visible.map((page) => (
          <PdfPage
            key={page}
            pdfjs={props.pdfjs}
            pdf={props.pdf}
            pageIndex={page}
            scale={scale}
            width={sizes[page]?.width ?? 595}
            height={sizes[page]?.height ?? 842}
            top={layout.tops[page] as number}
            left={(innerWidth - (layout.widths[page] as number)) / 2}
            hold={!painted && page !== lead}
            items={props.itemsByPage.get(page) ?? NO_ITEMS}
            draft={props.draft}
            selectedId={props.selectedId}
            flashId={props.flashId}
            tool={props.tool}
            stamp={props.stamp}
            editable={props.editable}
            onPlace={props.onPlace}
            onSelect={onSelect}
            onRendered={handleRendered}
            onFailed={settled}
            caretAt={props.caret?.page === page ? props.caret.offset : null}
          />
        ))}
      </div>
    </section>
  );
});
