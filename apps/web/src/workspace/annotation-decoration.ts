import type { AnnotationDto } from '@zikao/contract/annotation';
import { CATEGORY_BY_KEY } from './categories.ts';

/**
 * What a screen says about one annotation beyond its category, e.g. a practice result: a
 * reference point found (green) or missed (red), the marker's own annotation that matched nothing
 * (grey). Given, it takes the place of the category colour on the page and in the list.
 */
export interface AnnotationDecoration {
  /** `#rrggbb`; dark enough for white text on the number badges (WCAG AA). */
  color: string;
  /** A short word on the list item and read out with the marker, e.g. 已找到. */
  label?: string;
  /** Added to the marker on the page and to the list item: for the screen's styles and for tests. */
  className?: string;
  /** One more line under the comment in the list, e.g. which of the marker's annotations found it. */
  note?: string;
}

/** The screen's word on an annotation; undefined leaves it in its category colour. */
export type Decorate = (annotation: AnnotationDto) => AnnotationDecoration | undefined;

const HEX = /^#[0-9a-f]{6}$/i;

/** The colour an annotation is drawn in: the decoration's, if it is a `#rrggbb` colour, else its category's. */
export function markColor(annotation: Pick<AnnotationDto, 'category'>, decoration?: AnnotationDecoration): string {
  return decoration && HEX.test(decoration.color) ? decoration.color : CATEGORY_BY_KEY[annotation.category].color;
}

/** A class list with the decoration's class (if any) after the workspace's own. */
export function withDecorationClass(base: string, decoration?: AnnotationDecoration): string {
  const extra = decoration?.className?.trim();
  return extra ? `${base} ${extra}` : base;
}

/** The name a marker is read out by, with the decoration's label: `批注 3（已找到）`. */
export function decoratedName(name: string, decoration?: AnnotationDecoration): string {
  return decoration?.label ? `${name}（${decoration.label}）` : name;
}
