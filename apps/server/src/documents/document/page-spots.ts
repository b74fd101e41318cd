import { type TextSpot, textSpots } from '@zikao/anchoring';
import type { ItemBox } from './pdf-worker.ts';

/**
 * A page's text runs for numbering marks (issue 32 §1.1), from its stored item boxes: what the
 * page texts carry to the workspace, and what the annotated PDF numbers by.
 */
export function spotsOf(geometryJson: string, height: number): TextSpot[] {
  try {
    return textSpots(JSON.parse(geometryJson) as ItemBox[], height);
  } catch {
    return [];
  }
}
