import { type AnnotationDto, isDrawnMark } from '@zikao/contract/annotation';
import { sortAnnotations } from '../../../../workspace/annotation-model.ts';

/**
 * The candidate's 修改建议 summary, like Word's 修订 pane: the reviewer's suggested changes
 * (修改、删除、插入建议) and drawn marks (画笔、直线、箭头、椭圆), each in reading order, apart
 * from the rest of the annotations which the document's side list shows.
 */
export interface ChangeSummary {
  changes: AnnotationDto[];
  drawn: AnnotationDto[];
}

/**
 * `numbers` is the workspace's numbering (issue 32 §1.1): given, the summary follows it, so a
 * suggestion comes in the order and under the #N the document's list and the annotated PDF give it.
 */
export function changeSummary(
  annotations: readonly AnnotationDto[],
  numbers: ReadonlyMap<string, number> = new Map(),
): ChangeSummary {
  const numberOf = (annotation: AnnotationDto) => numbers.get(annotation.id) ?? Number.MAX_SAFE_INTEGER;
  const sorted = sortAnnotations([...annotations]).sort((a, b) => numberOf(a) - numberOf(b));
  return {
    changes: sorted.filter((a) => a.kind === 'replace' || a.kind === 'insert' || a.kind === 'strikeout'),
    drawn: sorted.filter((a) => isDrawnMark(a.kind) && a.shape),
  };
}
