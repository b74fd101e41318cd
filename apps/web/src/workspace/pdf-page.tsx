import type { PageRect } from '@zikao/anchoring';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { DrawLayer } from './marks/draw-layer.tsx';
import { PageOverlay, type PageOverlayProps } from './page-overlay.tsx';
import type { PdfJs } from './pdf-loader.ts';
import { registerTextLayer, unregisterTextLayer } from './text-layer-dom.ts';
import { itemStarts } from './text-offsets.ts';

export interface PdfPageProps extends Omit<PageOverlayProps, 'layerVersion' | 'scale'> {
  pdfjs: PdfJs;
  pdf: PDFDocumentProxy;
  pageIndex: number;
  /** CSS pixels per PDF point. */
  scale: number;
  width: number;
  height: number;
  top: number;
  left: number;
  /** Wait to draw: another page is drawn first (the one the reader opened on). */
  hold?: boolean;
  onRendered?(pageIndex: number): void;
  /** The page could not be drawn. */
  onFailed?(pageIndex: number): void;
}

/** One page: its canvas, its text layer (for selection) and its annotations, at one scale. */
export const PdfPage = memo(function PdfPage(props: PdfPageProps) {
  const { pdfjs, pdf, pageIndex, scale, width, height, top, left, hold, onRendered, onFailed } = props;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [layerVersion, setLayerVersion] = useState(0);
  const [rendered, setRendered] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let renderTask: RenderTask | null = null;
    let textLayer: InstanceType<PdfJs['TextLayer']> | null = null;
    const textContainer = textRef.current;
    setRendered(false);
    if (hold) return;
    (async () => {
      const page = await pdf.getPage(pageIndex + 1);
      if (cancelled) return;
      const viewport = page.getViewport({ scale });
      const canvas = canvasRef.current;
      if (!canvas) return;
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      const context = canvas.getContext('2d');
      if (!context) return;
      renderTask = page.render({
        canvas,
        canvasContext: context,
        viewport,
        transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined,
      });
      await renderTask.promise;
      if (cancelled) return;
      setRendered(true);
      onRendered?.(pageIndex);
      const content = await page.getTextContent();
      if (cancelled || !textContainer) return;
      textContainer.replaceChildren();
      textLayer = new pdfjs.TextLayer({ textContentSource: content, container: textContainer, viewport });
      await textLayer.render();
      if (cancelled) return;
      const items = content.items.filter((item): item is TextItem => 'str' in item);
      const end = document.createElement('div');
      end.className = 'endOfContent';
      textContainer.append(end);
      registerTextLayer(
        textContainer,
        pageIndex,
        textLayer.textDivs,
        itemStarts(items),
        items.map((item) => item.str.length),
      );
      setLayerVersion((version) => version + 1);
    })().catch((error: unknown) => {
      const name = (error as { name?: string })?.name;
      if (!cancelled && name !== 'RenderingCancelledException' && name !== 'AbortException') {
        setFailed(true);
        onFailed?.(pageIndex);
      }
    });
    return () => {
      cancelled = true;
      renderTask?.cancel();
      textLayer?.cancel();
      if (textContainer) {
        unregisterTextLayer(textContainer);
        textContainer.replaceChildren();
      }
    };
  }, [pdfjs, pdf, pageIndex, scale, hold, onRendered, onFailed]);

  useLayoutEffect(() => {
    textRef.current?.style.setProperty('--total-scale-factor', String(scale));
  }, [scale]);

  return (
    <section
      className="aw-page"
      data-page-index={pageIndex}
      data-rendered={rendered ? 'true' : undefined}
      style={{ top, left, width: width * scale, height: height * scale }}
      aria-label={`第 ${pageIndex + 1} 页`}
    >
      <canvas ref={canvasRef} className="aw-canvas" style={{ width: width * scale, height: height * scale }} />
      {!rendered && !failed && <div className="aw-page-loading">第 {pageIndex + 1} 页加载中…</div>}
      {failed && <div className="aw-page-loading">第 {pageIndex + 1} 页渲染失败</div>}
      <div ref={textRef} className="textLayer aw-text-layer" />
      <PageOverlay {...props} scale={scale} layerVersion={layerVersion} />
      <DrawLayer pageIndex={pageIndex} scale={scale} width={width} height={height} />
    </section>
  );
});

export type { PageRect };
