import {
  ColumnHeightOutlined,
  ColumnWidthOutlined,
  CompressOutlined,
  ExpandOutlined,
  LeftOutlined,
  RedoOutlined,
  RightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Empty, Tooltip } from 'antd';
import { type ReactNode, useCallback, useRef } from 'react';
import { ImageStage, type PageView } from './image-stage.tsx';
import { PageStrip } from './page-strip.tsx';
import { useFullscreen } from './use-fullscreen.ts';
import {
  clampZoom,
  fitWidthZoom,
  rotateClockwise,
  type Size,
  TOP_SHARE,
  ZOOM_MAX,
  ZOOM_MIN,
  ZOOM_STEP,
  zoomPercent,
} from './viewer-transform.ts';

/** One page of the courseware as the board shows it. */
export interface CoursewarePage {
  /** 1-based. */
  page: number;
  src: string;
  thumb: string;
  /** The file it comes from, when the course has more than one. */
  fileName?: string;
}

interface CoursewareViewerProps {
  pages: CoursewarePage[];
  /** 1-based page shown. */
  page: number;
  view: PageView;
  onPage(page: number): void;
  onView(view: PageView): void;
  /** Above the page: the viewer's 回到老师的页面, the presenter's note on what viewers see. */
  banner?: ReactNode;
  /** Below the page: progress. */
  footer?: ReactNode;
}

/** Zoom steps land on whole percents and never past the limits. */
export function zoomStep(zoom: number, direction: 1 | -1): number {
  return clampZoom(direction > 0 ? zoom * ZOOM_STEP : zoom / ZOOM_STEP);
}

/**
 * 课件: the page image with zoom, pan, rotation, fit to width and full screen, the page switcher
 * with thumbnails, and what the caller puts above and below. The whole panel goes full screen,
 * so the switcher and the progress stay at hand on a projector.
 */
export function CoursewareViewer({ pages, page, view, onPage, onView, banner, footer }: CoursewareViewerProps) {
  const panel = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(panel);
  const sizes = useRef<{ container: Size; natural: Size } | null>(null);
  const measured = useCallback((next: { container: Size; natural: Size }) => {
    sizes.current = next;
  }, []);
  const total = pages.length;
  const current = pages.find((item) => item.page === page) ?? pages[0];

  if (!current) {
    return (
      <div className="bd-courseware bd-courseware-empty">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="本课程还没有课件" />
      </div>
    );
  }
  const shown = current.page;
  const zoomBy = (direction: 1 | -1) => onView({ ...view, zoom: zoomStep(view.zoom, direction) });

  return (
    <div ref={panel} className={`bd-courseware${fullscreen.active ? ' is-fullscreen' : ''}`}>
      <div className="bd-toolbar" role="toolbar" aria-label="课件工具栏">
        <div className="bd-toolbar-group">
          <Tooltip title="上一页（←）">
            <Button
              icon={<LeftOutlined />}
              aria-label="上一页"
              disabled={shown <= 1}
              onClick={() => onPage(shown - 1)}
            />
          </Tooltip>
          <span className="bd-page-count" aria-live="polite" data-testid="board-page">
            {shown} / {total}
          </span>
          <Tooltip title="下一页（→）">
            <Button
              icon={<RightOutlined />}
              aria-label="下一页"
              disabled={shown >= total}
              onClick={() => onPage(shown + 1)}
            />
          </Tooltip>
        </div>
        <div className="bd-toolbar-group">
          <Tooltip title="缩小（-）">
            <Button
              icon={<ZoomOutOutlined />}
              aria-label="缩小"
              disabled={view.zoom <= ZOOM_MIN}
              onClick={() => zoomBy(-1)}
            />
          </Tooltip>
          <span className="bd-zoom" data-testid="board-zoom">
            {zoomPercent(view.zoom)}
          </span>
          <Tooltip title="放大（+）">
            <Button
              icon={<ZoomInOutlined />}
              aria-label="放大"
              disabled={view.zoom >= ZOOM_MAX}
              onClick={() => zoomBy(1)}
            />
          </Tooltip>
          <Tooltip title="适合宽度">
            <Button
              icon={<ColumnWidthOutlined />}
              aria-label="适合宽度"
              onClick={() => {
                const known = sizes.current;
                const zoom = known ? fitWidthZoom(known.container, known.natural, view.rotation) : 1;
                onView({ zoom, rotation: view.rotation, panX: 0, panY: TOP_SHARE });
              }}
            />
          </Tooltip>
          <Tooltip title="适合页面（0）">
            <Button
              icon={<ColumnHeightOutlined />}
              aria-label="适合页面"
              onClick={() => onView({ zoom: 1, rotation: view.rotation, panX: 0, panY: 0 })}
            />
          </Tooltip>
          <Tooltip title="向右旋转">
            <Button
              icon={<RedoOutlined />}
              aria-label="向右旋转"
              // The stage turns the pan with the page: the point in the middle of the view stays there.
              onClick={() => onView({ ...view, rotation: rotateClockwise(view.rotation) })}
            />
          </Tooltip>
          {fullscreen.supported && (
            <Tooltip title={fullscreen.active ? '退出全屏（Esc）' : '全屏'}>
              <Button
                icon={fullscreen.active ? <CompressOutlined /> : <ExpandOutlined />}
                aria-label={fullscreen.active ? '退出全屏' : '全屏'}
                onClick={fullscreen.toggle}
              />
            </Tooltip>
          )}
        </div>
      </div>
      {banner}
      <div className="bd-viewer-body">
        <PageStrip pages={pages} current={shown} onPick={onPage} />
        <ImageStage
          src={current.src}
          alt={`课件第 ${shown} 页`}
          label={`课件第 ${shown} 页，共 ${total} 页。拖动平移，滚轮缩放`}
          view={view}
          onChange={onView}
          onMeasure={measured}
        />
      </div>
      {footer}
    </div>
  );
}
