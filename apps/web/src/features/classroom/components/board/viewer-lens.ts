import type { Lens } from './follow-state.ts';
import { clampZoom, type Rotation } from './viewer-transform.ts';

const key = (courseId: number) => `zikao.board.lens.${courseId}`;
const ROTATIONS: readonly number[] = [0, 90, 180, 270];

/**
 * A viewer's own zoom and turn, kept for the course in this tab's session storage: a reload or a
 * reconnect during the class keeps them, another course or another tab starts afresh.
 */
export function loadLens(courseId: number): Lens | null {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(key(courseId)) ?? 'null') as Partial<Lens> | null;
    if (!stored || typeof stored.zoom !== 'number' || !ROTATIONS.includes(stored.rotation as number)) return null;
    return { zoom: clampZoom(stored.zoom), rotation: stored.rotation as Rotation };
  } catch {
    return null;
  }
}

export function saveLens(courseId: number, lens: Lens | null): void {
  try {
    if (lens) window.sessionStorage.setItem(key(courseId), JSON.stringify(lens));
    else window.sessionStorage.removeItem(key(courseId));
  } catch {
    // Storage refused (a private window's quota): the lens lasts as long as the page.
  }
}
