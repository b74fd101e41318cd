/**
 * The image viewer's geometry, kept apart from React so it can be tested: a page is drawn at
 * `fitScale × zoom`, where zoom 1 is the whole page fitted to the room (the contract's "fit to the
 * viewer"). Zoom is relative to that fit, so a presenter's 100 % shows every viewer the whole page,
 * whatever their screen, and 150 % half as much again.
 */

export type Rotation = 0 | 90 | 180 | 270;

/** What the viewer shows of a page: the zoom (1 = fit to width), a quarter-turn rotation, and the pan. */
export interface ViewState {
  /** 1 = the whole page fits. */
  zoom: number;
  rotation: Rotation;
  /** The page's centre, from the container's centre, in screen pixels. */
  panX: number;
  panY: number;
}

export interface Size {
  width: number;
  height: number;
}

export const ZOOM_MIN = 0.25;
export const ZOOM_MAX = 5;
/** One press of 放大 / 缩小, or of + / −. */
export const ZOOM_STEP = 1.25;

export const FIT_PAGE: ViewState = { zoom: 1, rotation: 0, panX: 0, panY: 0 };

/**
 * A pan share that shows a page from its top: half the page's height down is at least as far as
 * the pan may go, so `clampPan` stops it at the top edge (and centres a page that fits).
 */
export const TOP_SHARE = 0.5;

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return 1;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(zoom * 100) / 100));
}

/** The page's size once turned: a quarter turn swaps width and height. */
export function turnedSize(natural: Size, rotation: Rotation): Size {
  return rotation % 180 === 0 ? natural : { width: natural.height, height: natural.width };
}

/** The scale at which the whole turned page fits the container (zoom 1). */
export function fitScale(container: Size, natural: Size, rotation: Rotation): number {
  const turned = turnedSize(natural, rotation);
  if (turned.width <= 0 || turned.height <= 0 || container.width <= 0) return 1;
  const across = container.width / turned.width;
  return container.height > 0 ? Math.min(across, container.height / turned.height) : across;
}

/**
 * The zoom at which the turned page fills the container's width (适合宽度): above 1 for a page
 * that is tall for the room, 1 when the width is already the tighter side.
 */
export function fitWidthZoom(container: Size, natural: Size, rotation: Rotation): number {
  const turned = turnedSize(natural, rotation);
  if (turned.width <= 0 || container.width <= 0) return 1;
  const across = container.width / turned.width;
  return clampZoom(Math.floor((across / fitScale(container, natural, rotation)) * 100) / 100);
}

/** The size the page takes on screen at `zoom`. */
export function shownSize(container: Size, natural: Size, view: Pick<ViewState, 'zoom' | 'rotation'>): Size {
  const scale = fitScale(container, natural, view.rotation) * view.zoom;
  const turned = turnedSize(natural, view.rotation);
  return { width: turned.width * scale, height: turned.height * scale };
}

/** Keeps one axis's pan so the page never leaves a gap: centred when it fits, edge to edge when not. */
function clampAxis(pan: number, shown: number, room: number): number {
  if (shown <= room) return 0;
  const limit = (shown - room) / 2;
  return Math.min(limit, Math.max(-limit, pan));
}

/** The view with its pan held within the page's edges. */
export function clampPan(view: ViewState, container: Size, natural: Size): ViewState {
  const shown = shownSize(container, natural, view);
  return {
    ...view,
    panX: clampAxis(view.panX, shown.width, container.width),
    panY: clampAxis(view.panY, shown.height, container.height),
  };
}

/** A page's starting view at `zoom` and `rotation`: centred across, and from its top when it is taller than the room. */
export function homeView(zoom: number, rotation: Rotation, container: Size, natural: Size): ViewState {
  const view = { zoom: clampZoom(zoom), rotation, panX: 0, panY: 0 };
  const shown = shownSize(container, natural, view);
  return clampPan({ ...view, panY: Math.max(0, (shown.height - container.height) / 2) }, container, natural);
}

/**
 * Zooms to `zoom` keeping the page point under `at` (container pixels from its top left; the
 * centre when left out) where it is, as a wheel or a pinch does.
 */
export function zoomAt(
  view: ViewState,
  zoom: number,
  container: Size,
  natural: Size,
  at?: { x: number; y: number },
): ViewState {
  const next = clampZoom(zoom);
  const ratio = next / view.zoom;
  const px = at ? at.x - container.width / 2 : 0;
  const py = at ? at.y - container.height / 2 : 0;
  return clampPan(
    { ...view, zoom: next, panX: px - (px - view.panX) * ratio, panY: py - (py - view.panY) * ratio },
    container,
    natural,
  );
}

/** The zoom one wheel event asks for: the wheel's travel turned into a smooth factor (a trackpad's pinch arrives as small steps). */
export function wheelZoom(zoom: number, deltaY: number, deltaMode = 0): number {
  // deltaMode 1 counts lines, 2 pages; turn both into pixels, roughly.
  const pixels = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  const factor = Math.exp(-Math.max(-300, Math.min(300, pixels)) * 0.0015);
  return clampZoom(zoom * factor);
}

export function rotateClockwise(rotation: Rotation): Rotation {
  return ((rotation + 90) % 360) as Rotation;
}

/**
 * The pan share (`panShare`) once the page is turned from `from` to `to`, such that the point of
 * the page at the middle of the view stays there: a quarter turn clockwise takes the share
 * (x, y) to (−y, x), whatever the scale, since the share is of the turned page's own size.
 * `clampPan` then keeps the page's edges in view.
 */
export function turnShare(share: { x: number; y: number }, from: Rotation, to: Rotation): { x: number; y: number } {
  let { x, y } = share;
  for (let turns = ((to - from + 360) % 360) / 90; turns > 0; turns--) [x, y] = [-y, x];
  // −0 and 0 are the same place; keep the numbers plain.
  return { x: x + 0, y: y + 0 };
}

/**
 * The pan as a share of the page's shown size, for sending to other screens: the same share of
 * a smaller or larger page is the same place on it.
 */
export function panShare(view: ViewState, container: Size, natural: Size): { x: number; y: number } {
  const shown = shownSize(container, natural, view);
  return {
    x: shown.width > 0 ? view.panX / shown.width : 0,
    y: shown.height > 0 ? view.panY / shown.height : 0,
  };
}

/** The inverse of `panShare` on this screen, held within the page's edges. */
export function viewFromShare(
  zoom: number,
  rotation: Rotation,
  share: { x: number; y: number },
  container: Size,
  natural: Size,
): ViewState {
  const view = { zoom: clampZoom(zoom), rotation, panX: 0, panY: 0 };
  const shown = shownSize(container, natural, view);
  return clampPan({ ...view, panX: share.x * shown.width, panY: share.y * shown.height }, container, natural);
}

/** 125 % and the like, for the toolbar. */
export function zoomPercent(zoom: number): string {
  return `${Math.round(zoom * 100)}%`;
}
