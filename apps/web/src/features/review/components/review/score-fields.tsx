import type { SubmissionDetail } from '@zikao/contract/review';
import { Form, InputNumber, Space } from 'antd';
import {
  type FieldErrors,
  type FormContext,
  isScored,
  type ReviewFormValues,
  rubricOverMaximum,
  scoreOverMaximum,
  usesRubric,
} from './review-form-model.ts';
import { GradeTag } from './review-result.tsx';

interface ScoreFieldsProps {
  detail: SubmissionDetail;
  context: FormContext;
  values: ReviewFormValues;
  /** The score the review carries: the rubric total, or the typed score. */
  score: number | null;
  errors: FieldErrors;
  onChange(patch: Partial<ReviewFormValues>): void;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * The review form's numbers: the rubric with its live total and grade (scored stages with a
 * rubric), else the 0–100 score with its grade; and the plagiarism rate against the batch threshold.
 */
export function ScoreFields({ detail, context, values, score, errors, onChange }: ScoreFieldsProps) {
  const threshold = detail.plagiarism.threshold;
  const overThreshold = values.plagiarismRate !== null && values.plagiarismRate > threshold;
  return (
    <>
      {isScored(detail.stage) && usesRubric(context) && (
        <fieldset className="rv-rubric" data-field="rubric">
          <legend>评分表</legend>
          {detail.batch.rules.rubric.map((item) => (
            <div key={item.key} className="rv-rubric-row">
              <label htmlFor={`rv-rubric-${item.key}`}>
                {item.label}
                <span className="rv-muted">
                  （满分 {item.max}，权重 {item.weight}）
                </span>
              </label>
              <InputNumber
                id={`rv-rubric-${item.key}`}
                min={0}
                step={0.5}
                precision={1}
                value={values.rubric[item.key] ?? null}
                aria-invalid={(values.rubric[item.key] ?? 0) > item.max || undefined}
                status={
                  (values.rubric[item.key] ?? 0) > item.max || (errors.rubric && values.rubric[item.key] === undefined)
                    ? 'error'
                    : undefined
                }
                onChange={(value) => {
                  const rubric = { ...values.rubric };
                  if (value === null) delete rubric[item.key];
                  else rubric[item.key] = value;
                  onChange({ rubric });
                }}
              />
            </div>
          ))}
          {(rubricOverMaximum(values, context) ?? errors.rubric) && (
            <div className="rv-error" role="alert">
              {rubricOverMaximum(values, context) ?? errors.rubric}
            </div>
          )}
          <div className="rv-total" aria-live="polite">
            总分 <strong>{score ?? '—'}</strong> 分 <GradeTag score={score} />
          </div>
        </fieldset>
      )}

      {isScored(detail.stage) && !usesRubric(context) && (
        <Form.Item
          label="成绩（0–100 分）"
          htmlFor="rv-score"
          required
          validateStatus={scoreOverMaximum(values) || errors.score ? 'error' : undefined}
          help={scoreOverMaximum(values) ?? errors.score}
          data-field="score"
        >
          <Space align="center">
            <InputNumber
              id="rv-score"
              min={0}
              precision={1}
              value={values.score}
              onChange={(value) => onChange({ score: value })}
            />
            <span aria-live="polite">
              等级 <GradeTag score={score} />
            </span>
          </Space>
        </Form.Item>
      )}

      {detail.stage !== 'topic' && (
        <Form.Item
          label="查重率"
          htmlFor="rv-plagiarism"
          data-field="plagiarismRate"
          validateStatus={overThreshold ? 'error' : undefined}
          help={
            <span className={overThreshold ? 'rv-error' : 'rv-muted'}>
              批次阈值 {threshold}%
              {overThreshold ? `，已超过阈值 ${round1((values.plagiarismRate ?? 0) - threshold)} 个百分点` : ''}
            </span>
          }
        >
          <InputNumber
            id="rv-plagiarism"
            min={0}
            max={100}
            precision={1}
            suffix="%"
            placeholder="未填写"
            value={values.plagiarismRate}
            onChange={(value) => onChange({ plagiarismRate: value })}
          />
        </Form.Item>
      )}
    </>
  );
}
