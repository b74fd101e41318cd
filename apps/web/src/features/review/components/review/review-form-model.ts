import {
  type BatchRules,
  type CarriedAnnotationDto,
  type CarryStatus,
  commentLength,
  gradeOf,
  PASS_SCORE,
  type ReviewDto,
  type ReviewInput,
  rubricTotal,
  SCORED_STAGES,
  type Stage,
  type Verdict,
} from '@zikao/contract/review';

/** What the reviewer edits in the review form. */
export interface ReviewFormValues {
  verdict: Verdict | null;
  /** The typed score; on a stage with a rubric the rubric's total is used instead. */
  score: number | null;
  rubric: Record<string, number>;
  comment: string;
  plagiarismRate: number | null;
}

export interface FormContext {
  stage: Stage;
  rules: BatchRules;
}

export const isScored = (stage: Stage): boolean => SCORED_STAGES.includes(stage);

/** Scored stages with a rubric compute the score from the items; the score input is then read-only. */
export const usesRubric = ({ stage, rules }: FormContext): boolean => isScored(stage) && rules.rubric.length > 0;

/** The form's starting values: the saved review (draft or submitted), else the version's plagiarism rate. */
export function initialValues(review: ReviewDto | null, versionPlagiarismRate: number | null): ReviewFormValues {
  return {
    verdict: review?.verdict ?? null,
    score: review?.score ?? null,
    rubric: { ...(review?.rubric ?? {}) },
    comment: review?.comment ?? '',
    plagiarismRate: review?.plagiarismRate ?? versionPlagiarismRate,
  };
}

/** The score the review will carry: the rubric total once any item is scored, else the typed score. */
export function effectiveScore(values: ReviewFormValues, context: FormContext): number | null {
  if (!isScored(context.stage)) return null;
  if (usesRubric(context)) {
    return Object.keys(values.rubric).length > 0 ? rubricTotal(context.rules.rubric, values.rubric) : null;
  }
  return values.score;
}

export function gradeText(score: number | null): string {
  return score === null ? '—' : gradeOf(score);
}

/** The minimum-length rule, in the words the reviewer sees; null when the comment is long enough. */
export function commentProblem(comment: string, minLength: number): string | null {
  const length = commentLength(comment);
  if (length >= minLength) return null;
  return `评阅意见不少于 ${minLength} 字，当前 ${length} 字`;
}

export type FieldErrors = Partial<Record<'verdict' | 'score' | 'rubric' | 'comment' | 'plagiarismRate', string>>;

/**
 * The first rubric item scored past its maximum, said as such: the input does not clamp a typed
 * 25 to 20 behind the reviewer's back, it says so and the review cannot go out until it is fixed.
 */
export function rubricOverMaximum(values: ReviewFormValues, context: FormContext): string | null {
  const item = context.rules.rubric.find((entry) => (values.rubric[entry.key] ?? 0) > entry.max);
  return item ? `评分项“${item.label}”满分 ${item.max} 分，填写的 ${values.rubric[item.key]} 分超过了满分` : null;
}

/** A typed score past 100, said as such rather than clamped. */
export function scoreOverMaximum(values: ReviewFormValues): string | null {
  return values.score !== null && values.score > 100 ? `成绩满分 100 分，填写的 ${values.score} 分超过了满分` : null;
}

/**
 * What stops a final submit, field by field. The server checks the same rules; checking here
 * first gives the message beside the field instead of after a round trip.
 */
export function submitProblems(values: ReviewFormValues, context: FormContext): FieldErrors {
  const errors: FieldErrors = {};
  const { stage, rules } = context;
  if (!values.verdict) errors.verdict = '请选择评阅结论';
  else if (values.verdict === 'revise' && isScored(stage))
    errors.verdict = '定稿和复试不能退回修改，请评为通过或不通过';
  if (isScored(stage)) {
    const missing = usesRubric(context)
      ? rules.rubric.find((item) => values.rubric[item.key] === undefined)
      : undefined;
    const score = effectiveScore(values, context);
    const over = usesRubric(context) ? rubricOverMaximum(values, context) : null;
    if (over) errors.rubric = over;
    else if (missing) errors.rubric = `请为评分项“${missing.label}”打分`;
    else if (score === null) errors.score = '请填写成绩（0–100 分）';
    else if (!usesRubric(context) && scoreOverMaximum(values)) errors.score = scoreOverMaximum(values) ?? undefined;
    else if (values.verdict === 'pass' && score < PASS_SCORE) errors.verdict = `成绩 ${score} 分不及格，结论不能为通过`;
    else if (values.verdict === 'fail' && score >= PASS_SCORE) {
      errors.verdict = `成绩 ${score} 分已及格，结论不能为不通过`;
    }
  }
  const comment = commentProblem(values.comment, rules.minCommentLength);
  if (comment) errors.comment = comment;
  return errors;
}

/** The body of review/save and review/submit. */
export function toReviewInput(
  submissionId: number,
  versionNo: number,
  values: ReviewFormValues,
  context: FormContext,
  timeSpentMs: number,
): ReviewInput {
  const scored = isScored(context.stage);
  return {
    submissionId,
    versionNo,
    verdict: values.verdict,
    score: scored && !usesRubric(context) ? values.score : null,
    rubric: usesRubric(context) ? values.rubric : {},
    comment: values.comment,
    plagiarismRate: values.plagiarismRate,
    timeSpentMs: Math.max(0, Math.round(timeSpentMs)),
  };
}

export function sameValues(a: ReviewFormValues, b: ReviewFormValues): boolean {
  return JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));
}

function normalise(values: ReviewFormValues) {
  return {
    ...values,
    rubric: Object.fromEntries(Object.entries(values.rubric).sort(([x], [y]) => x.localeCompare(y))),
  };
}

/** 1 小时 5 分钟, 12 分钟, 不足 1 分钟. */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return '不足 1 分钟';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${minutes} 分钟`;
  return rest === 0 ? `${hours} 小时` : `${hours} 小时 ${rest} 分钟`;
}

/** How a carried-over annotation landed on the new version, in the reviewer's words. */
export const CARRY_LABELS: Record<CarryStatus, { label: string; tone: 'green' | 'orange' | 'red'; hint: string }> = {
  found: { label: '仍在原处', tone: 'green', hint: '原文未变，批注位置不变' },
  moved: { label: '已移动', tone: 'orange', hint: '原文有改动，已按近似匹配重新定位，请核对' },
  orphaned: { label: '原文已删除', tone: 'red', hint: '新版本中找不到原文，批注列在批注栏末尾' },
  unverified: { label: '需核对', tone: 'orange', hint: '绘制的批注下没有文字，按原页码和位置带过来，请核对位置' },
};

/** Ticked (已修改 or 未修改) out of all carried points, and how many were addressed. */
export function carriedProgress(items: readonly Pick<CarriedAnnotationDto, 'addressed'>[]) {
  return {
    checked: items.filter((item) => item.addressed !== null).length,
    addressed: items.filter((item) => item.addressed === true).length,
    total: items.length,
  };
}
