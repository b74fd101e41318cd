import {
  type Grade,
  gradeOf,
  type ReviewDto,
  type SubmissionDetail,
  VERDICT_LABELS,
  type Verdict,
} from '@zikao/contract/review';
import { Descriptions, type DescriptionsProps, Empty, Typography } from 'antd';
import { type Tone, ToneTag } from '../../../../shared/components/tone-tag.tsx';
import { formatDateTime } from '../../../../shared/utils/date.ts';
import { formatDuration } from './review-form-model.ts';

const VERDICT_TONES: Record<Verdict, Tone> = { pass: 'green', revise: 'orange', fail: 'red' };
const GRADE_TONES: Record<Grade, Tone> = { 优秀: 'green', 良好: 'cyan', 中等: 'indigo', 及格: 'yellow', 不及格: 'red' };

/** The grade of a score as a coloured tag; a dash while there is no score. */
export function GradeTag({ score }: { score: number | null }) {
  if (score === null) return <span className="rv-muted">—</span>;
  const grade = gradeOf(score);
  return (
    <ToneTag bordered={false} tone={GRADE_TONES[grade]} testId="grade-tag">
      {grade}
    </ToneTag>
  );
}

export function VerdictTag({ verdict }: { verdict: Verdict | null }) {
  if (!verdict) return <span className="rv-muted">未填写</span>;
  return (
    <ToneTag bordered={false} tone={VERDICT_TONES[verdict]}>
      {VERDICT_LABELS[verdict]}
    </ToneTag>
  );
}

/** A review as it stands, read only: verdict, score and grade, rubric, plagiarism rate, comment, who and when. */
export function ReviewResult({
  review,
  detail,
  title = '评阅结果',
}: {
  review: ReviewDto | null;
  detail: SubmissionDetail;
  title?: string;
}) {
  if (!review) return <Empty description="该版本尚未评阅" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const rubric = detail.batch.rules.rubric.filter((item) => review.rubric[item.key] !== undefined);
  const threshold = detail.plagiarism.threshold;
  const rate = review.plagiarismRate;
  const items: DescriptionsProps['items'] = [
    { key: 'verdict', label: '评阅结论', children: <VerdictTag verdict={review.verdict} /> },
    ...(review.score === null
      ? []
      : [
          {
            key: 'score',
            label: '成绩',
            children: (
              <span data-testid="result-score">
                <strong>{review.score}</strong> 分 <GradeTag score={review.score} />
              </span>
            ),
          },
        ]),
    ...rubric.map((item) => ({
      key: `rubric-${item.key}`,
      label: item.label,
      children: `${review.rubric[item.key]} / ${item.max}`,
    })),
    ...(rate === null
      ? []
      : [
          {
            key: 'plagiarism',
            label: '查重率',
            children: (
              <span className={rate > threshold ? 'rv-error' : undefined}>
                {rate}%（阈值 {threshold}%{rate > threshold ? '，超过阈值' : ''}）
              </span>
            ),
          },
        ]),
    { key: 'reviewer', label: '评阅教师', children: review.reviewerName || '—' },
    {
      key: 'time',
      label: review.state === 'submitted' ? '提交时间' : '保存时间',
      children: formatDateTime(review.submittedAt ?? review.updatedAt),
    },
    { key: 'spent', label: '评阅用时', children: formatDuration(review.timeSpentMs) },
  ];
  return (
    <section className="rv-result" aria-label={title} data-testid="review-result">
      <Typography.Title level={3} className="rv-section-title">
        {title}
        {review.state === 'draft' && (
          <span className="rv-inline-tag">
            <ToneTag bordered={false} tone="grey">
              草稿
            </ToneTag>
          </span>
        )}
      </Typography.Title>
      <Descriptions column={1} size="small" bordered items={items} />
      <Typography.Title level={4} className="rv-subtitle">
        评阅意见
      </Typography.Title>
      <p className="rv-comment-text">{review.comment || '（无）'}</p>
    </section>
  );
}
