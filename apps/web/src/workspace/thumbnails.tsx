import type { PDFDocumentProxy } from 'pdfjs-dist';
import { memo, useEffect, useRef, useState } from 'react';

const THUMB_WIDTH = 96;

/**
 * A column of page thumbnails; each renders once it scrolls into view, after the first page is
 * shown. Until then the column stays empty: its hundreds of items would slow the first page's
 * own render (adr/024).
 */
export function Thumbnails(props: {
  pdf: PDFDocumentProxy;
  sizes: ReadonlyArray<{ width: number; height: number }>;
  current: number;
  enabled: boolean;
  marked: ReadonlySet<number>;
  onJump(page: number): void;
}) {
  const { sizes, current } = props;
  const columnRef = useRef<HTMLElement>(null);

  // Keeps the current page's thumbnail in view by scrolling the column alone: scrollIntoView would
  // scroll the window too, and a screen that hosts the workspace below its fold (the candidate's
  // review) jumped down to it when the thumbnails appeared.
  useEffect(() => {
    const column = columnRef.current;
    if (!props.enabled || !column) return;
    const item = column.querySelector<HTMLElement>(`[data-thumb="${current}"]`);
    if (!item) return;
    const top = item.getBoundingClientRect().top - column.getBoundingClientRect().top + column.scrollTop;
    if (top < column.scrollTop) column.scrollTop = top;
    else if (top + item.offsetHeight > column.scrollTop + column.clientHeight) {
      column.scrollTop = top + item.offsetHeight - column.clientHeight;
    }
  }, [current, props.enabled]);

  return (
    <nav ref={columnRef} className="aw-thumbs" aria-label="页面缩略图" aria-busy={!props.enabled}>
      <ol>
        {(props.enabled ? sizes : []).map((size, page) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: pages are positional
          <li key={page} data-thumb={page}>
            <button
              type="button"
              className={`aw-thumb${page === current ? ' aw-thumb-current' : ''}`}
              onClick={() => props.onJump(page)}
              aria-label={`跳到第 ${page + 1} 页`}
              aria-current={page === current ? 'page' : undefined}
            >
              <Thumb pdf={props.pdf} page={page} size={size} enabled={props.enabled} />
              <span className="aw-thumb-no">
                {page + 1}
                {props.marked.has(page) && <span className="aw-thumb-dot" title="本页有批注" />}
              </span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

// Thumbnails draw one at a time so they never hold up the page being read.
let queue: Promise<void> = Promise.resolve();

const Thumb = memo(function Thumb(props: {
  pdf: PDFDocumentProxy;
  page: number;
  size: { width: number; height: number };
  enabled: boolean;
}) {
  const { pdf, page, size, enabled } = props;
  const ref = useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = useState(false);
  const height = Math.round((THUMB_WIDTH * size.height) / size.width);

  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setVisible(true);
        observer.disconnect();
      }
    });
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!visible || !enabled) return;
    let cancelled = false;
    queue = queue.then(async () => {
      if (cancelled || !ref.current) return;
      try {
        const proxy = await pdf.getPage(page + 1);
        const viewport = proxy.getViewport({ scale: (THUMB_WIDTH * 2) / size.width });
        const canvas = ref.current;
        if (cancelled || !canvas) return;
        canvas.width = viewport.width;
        canvas.height = viewport.height;
        const context = canvas.getContext('2d');
        if (context) await proxy.render({ canvas, canvasContext: context, viewport }).promise;
      } catch {
        // A thumbnail that fails stays blank; the page itself reports its error.
      }
    });
    return () => {
      cancelled = true;
    };
  }, [visible, enabled, pdf, page, size.width]);

  return <canvas ref={ref} className="aw-thumb-canvas" style={{ width: THUMB_WIDTH, height }} />;
});
