import { Button, Spin } from 'antd';
import {
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import {
  clampPan,
  fitScale,
  panShare,
  type Rotation,
  type Size,
  turnShare,
  type ViewState,
  viewFromShare,
  wheelZoom,
  zoomAt,
} from './viewer-transform.ts';

/** A page's view as it travels: zoom (1 = fit to width), rotation and the pan as a share of the shown page. */
export interface PageView {
  zoom: number;
  rotation: Rotation;
  panX: number;
  panY: number;
}

interface ImageStageProps {
  src: string;
  alt: string;
  view: PageView;
  /** A move by this person: a drag, the wheel, a pinch or the arrow keys. */
  onChange(view: PageView): void;
  /** Accessible name of the stage, e.g. 课件第 3 页. */
  label: string;
  /** The room and the page's pixels, once both are known and whenever they change. */
  onMeasure?(sizes: { container: Size; natural: Size }): void;
}

const PAN_KEY_STEP = 60;

interface Pointer {
  x: number;
  y: number;
}

/** What a drag or a pinch started from. */
interface Gesture {
  pointers: Map<number, Pointer>;
  /** The view in pixels when the gesture (or its latest change of fingers) began. */
  origin: ViewState;
  /** Where the pointer was, or the two fingers' midpoint and distance, at that moment. */
  anchor: Pointer;
  spread: number;
}

/** `width / height` of the turned page, for CSS `aspect-ratio`. */
function aspectOf(natural: Size, rotation: Rotation): string {
  return rotation % 180 === 0 ? `${natural.width} / ${natural.height}` : `${natural.height} / ${natural.width}`;
}

function midpoint(pointers: Map<number, Pointer>): Pointer & { spread: number } {
  const [a, b] = [...pointers.values()];
  if (!a) return { x: 0, y: 0, spread: 0 };
  if (!b) return { x: a.x, y: a.y, spread: 0 };
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, spread: Math.hypot(a.x - b.x, a.y - b.y) };
}

/**
 * One page image that a person can drag to pan, zoom with the wheel (a trackpad's pinch comes as
 * the wheel too) or two fingers, and pan with ↑ ↓ when focused. The view is the caller's: this
 * draws it and reports the person's moves, so a presenter's view can be sent and a follower's
 * received without a second source of truth.
 */
export function ImageStage({ src, alt, view, onChange, label, onMeasure }: ImageStageProps) {
  const stage = useRef<HTMLElement>(null);
  const [container, setContainer] = useState<Size>({ width: 0, height: 0 });
  // The last loaded page's size stands in while the next loads: pages of a deck are mostly alike.
  const [natural, setNatural] = useState<Size | null>(null);
  const [loaded, setLoaded] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const gesture = useRef<Gesture | null>(null);
  const drawn = useRef<{ src: string; rotation: Rotation; share: { x: number; y: number } } | null>(null);
  const [dragging, setDragging] = useState(false);

  useLayoutEffect(() => {
    const element = stage.current;
    if (!element) return;
    const measure = () => setContainer({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const ready = natural !== null && container.width > 0;

  useEffect(() => {
    if (natural && container.width > 0) onMeasure?.({ container, natural });
  }, [container, natural, onMeasure]);
  // The page turned (by this person or the presenter) while it stayed: the point in the middle of
  // the view stays there, whatever pan came with the turn (issue 32 §3: it used to land in a corner).
  const before = drawn.current;
  const turned = ready && before !== null && before.src === src && before.rotation !== view.rotation;
  const share = turned ? turnShare(before.share, before.rotation, view.rotation) : { x: view.panX, y: view.panY };
  const pixels: ViewState = ready
    ? viewFromShare(view.zoom, view.rotation, share, container, natural)
    : { zoom: view.zoom, rotation: view.rotation, panX: 0, panY: 0 };
  // What was drawn, as the share of the page actually shown (held within its edges).
  useLayoutEffect(() => {
    if (!ready) return;
    drawn.current = { src, rotation: pixels.rotation, share: panShare(pixels, container, natural) };
  });
  // The owner of the view hears the turned pan once, so it keeps it.
  useEffect(() => {
    if (turned) onChange({ ...view, panX: share.x, panY: share.y });
  });

  // The latest of everything for the wheel listener, which is added once (it must not be passive).
  const latest = useRef({ pixels, container, natural, onChange });
  latest.current = { pixels, container, natural, onChange };

  const report = (next: ViewState) => {
    const { container: room, natural: size, onChange: tell } = latest.current;
    if (!size) return;
    const held = clampPan(next, room, size);
    const share = panShare(held, room, size);
    tell({ zoom: held.zoom, rotation: held.rotation, panX: share.x, panY: share.y });
  };

  // Added once: `report` and the handler read everything through `latest`.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      const { pixels: now, container: room, natural: size } = latest.current;
      if (!size) return;
      event.preventDefault();
      const box = element.getBoundingClientRect();
      const zoom = wheelZoom(now.zoom, event.deltaY, event.deltaMode);
      if (zoom === now.zoom) return;
      report(zoomAt(now, zoom, room, size, { x: event.clientX - box.left, y: event.clientY - box.top }));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  const begin = (pointers: Map<number, Pointer>) => {
    const centre = midpoint(pointers);
    gesture.current = { pointers, origin: latest.current.pixels, anchor: centre, spread: centre.spread };
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    // A button on the stage (重新加载) takes its own clicks: capturing the pointer would steal them.
    if (event.target instanceof Element && event.target.closest('button')) return;
    const pointers = new Map(gesture.current?.pointers ?? []);
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size > 2) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    begin(pointers);
    setDragging(true);
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const current = gesture.current;
    if (!current?.pointers.has(event.pointerId) || !natural) return;
    current.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const now = midpoint(current.pointers);
    const moved = {
      ...current.origin,
      panX: current.origin.panX + now.x - current.anchor.x,
      panY: current.origin.panY + now.y - current.anchor.y,
    };
    if (current.pointers.size === 2 && current.spread > 0) {
      const box = event.currentTarget.getBoundingClientRect();
      const zoom = current.origin.zoom * (now.spread / current.spread);
      report(zoomAt(moved, zoom, container, natural, { x: now.x - box.left, y: now.y - box.top }));
    } else {
      report(moved);
    }
  };

  const onPointerEnd = (event: PointerEvent<HTMLElement>) => {
    const current = gesture.current;
    if (!current?.pointers.has(event.pointerId)) return;
    const pointers = new Map(current.pointers);
    pointers.delete(event.pointerId);
    if (pointers.size === 0) {
      gesture.current = null;
      setDragging(false);
    } else {
      // One finger lifted from a pinch: the other drags on from where the page is now.
      begin(pointers);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!natural) return;
    const step = event.key === 'ArrowUp' ? PAN_KEY_STEP : event.key === 'ArrowDown' ? -PAN_KEY_STEP : 0;
    if (step === 0) return;
    event.preventDefault();
    report({ ...pixels, panY: pixels.panY + step });
  };

  const scale = ready ? fitScale(container, natural, pixels.rotation) * pixels.zoom : 0;
  const loading = loaded !== src && failed !== src;

  return (
    <section
      ref={stage}
      className={`bd-stage${dragging ? ' is-dragging' : ''}`}
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the stage takes ↑ ↓ to pan, so it must take focus
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onKeyDown={onKeyDown}
      data-testid="board-stage"
      data-zoom={pixels.zoom}
      // On a phone the stage takes the page's shape (board.css), so a slide leaves no empty band.
      style={natural ? ({ '--bd-aspect': aspectOf(natural, view.rotation) } as CSSProperties) : undefined}
    >
      <img
        key={`${src}#${attempt}`}
        className="bd-stage-image"
        src={src}
        alt={alt}
        draggable={false}
        onLoad={(event) => {
          const image = event.currentTarget;
          setNatural({ width: image.naturalWidth, height: image.naturalHeight });
          setLoaded(src);
        }}
        onError={() => setFailed(src)}
        style={
          ready
            ? {
                width: natural.width * scale,
                height: natural.height * scale,
                transform: `translate(-50%, -50%) translate(${pixels.panX}px, ${pixels.panY}px) rotate(${pixels.rotation}deg)`,
                visibility: failed === src ? 'hidden' : 'visible',
              }
            : { visibility: 'hidden' }
        }
      />
      {loading && (
        <div className="bd-stage-note">
          <Spin aria-label="页面加载中" />
        </div>
      )}
      {failed === src && (
        <div className="bd-stage-note" role="alert">
          <span>页面图片加载失败</span>
          <Button
            size="small"
            onClick={() => {
              setFailed(null);
              setAttempt((n) => n + 1);
            }}
          >
            重新加载
          </Button>
        </div>
      )}
    </section>
  );
}
