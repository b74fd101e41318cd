import { ANNOTATION_KIND_LABELS, type AnnotationDto } from '@zikao/contract/annotation';
import { Card, Typography } from 'antd';
import { CATEGORY_BY_KEY } from '../../../../workspace/categories.ts';
import { KindIcon, SuggestionLine } from '../../../../workspace/marks/mark-parts.tsx';
import { changeSummary } from './change-summary.ts';

/**
 * 修改建议: what the reviewer suggests changing, as a Word reviewer's tracked changes read —
 * 原文 struck in red → 建议 underlined in green — and the marks drawn on the pages, with their page,
 * so the candidate can work through them beside the annotated document.
 */
export function ChangeSummaryCard({
  annotations,
  numbers,
}: {
  annotations: readonly AnnotationDto[];
  /** The document's numbering (批注 N), once its workspace has it. */
  numbers?: ReadonlyMap<string, number>;
}) {
  const { changes, drawn } = changeSummary(annotations, numbers);
  // Numbered by the document's numbering: the badge replaces the list's own 1, 2, 3.
  const listClass = numbers?.size ? 'student-changes student-changes-numbered' : 'student-changes';
  const numberOf = (id: string) => {
    const number = numbers?.get(id);
    return number === undefined ? null : (
      <span className="student-change-number" title={`批注 ${number}`}>
        {number}
      </span>
    );
  };
  if (changes.length === 0 && drawn.length === 0) return null;
  return (
    <Card
      variant="borderless"
      title={`修改建议与绘制批注（${changes.length + drawn.length} 条）`}
      data-testid="change-summary"
    >
      {changes.length > 0 && (
        <section aria-labelledby="change-summary-changes">
          <Typography.Title level={3} id="change-summary-changes" className="student-change-title">
            修改建议 {changes.length} 条
          </Typography.Title>
          <ol className={listClass}>
            {changes.map((annotation) => (
              <li key={annotation.id} className="student-change" data-kind={annotation.kind}>
                <div className="student-change-head">
                  {numberOf(annotation.id)}
                  <KindIcon kind={annotation.kind} />
                  <span className="student-change-kind">{ANNOTATION_KIND_LABELS[annotation.kind]}</span>
                  <span className="student-change-meta">
                    第 {annotation.pageIndex + 1} 页 · {CATEGORY_BY_KEY[annotation.category]?.label}
                  </span>
                </div>
                <SuggestionLine annotation={annotation} max={300} />
                {annotation.comment && <p className="student-change-comment">{annotation.comment}</p>}
              </li>
            ))}
          </ol>
        </section>
      )}
      {drawn.length > 0 && (
        <section aria-labelledby="change-summary-drawn">
          <Typography.Title level={3} id="change-summary-drawn" className="student-change-title">
            绘制批注 {drawn.length} 条
          </Typography.Title>
          <ol className={listClass}>
            {drawn.map((annotation) => (
              <li key={annotation.id} className="student-change student-change-drawn" data-kind={annotation.kind}>
                <KindIcon kind={annotation.kind} shape={annotation.shape} size={40} />
                <div>
                  <div className="student-change-head">
                    {numberOf(annotation.id)}
                    <span className="student-change-kind">{ANNOTATION_KIND_LABELS[annotation.kind]}</span>
                    <span className="student-change-meta">
                      第 {annotation.pageIndex + 1} 页 · {CATEGORY_BY_KEY[annotation.category]?.label}
                    </span>
                  </div>
                  <p className="student-change-comment">
                    {annotation.comment || `（见文档第 ${annotation.pageIndex + 1} 页）`}
                  </p>
                </div>
              </li>
            ))}
          </ol>
        </section>
      )}
    </Card>
  );
}
