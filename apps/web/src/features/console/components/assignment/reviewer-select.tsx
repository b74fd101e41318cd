import type { ReviewerLoad } from '@zikao/contract/assignment';
import { Select } from 'antd';

/** Reviewers with their majors and current load (待评阅 + 评阅中), searchable by name or major. */
export function ReviewerSelect({
  id,
  reviewers,
  value,
  onChange,
  loading,
  matchMajors,
}: {
  id?: string;
  reviewers: readonly ReviewerLoad[];
  value?: number | undefined;
  onChange?: (value: number) => void;
  loading?: boolean;
  /** Majors of the submissions being assigned: matching reviewers come first. */
  matchMajors?: readonly string[];
}) {
  const matches = (r: ReviewerLoad) => !matchMajors?.length || matchMajors.every((m) => r.majors.includes(m));
  const sorted = [...reviewers].sort((a, b) => Number(matches(b)) - Number(matches(a)) || a.load - b.load);
  return (
    <Select<number>
      id={id}
      showSearch
      value={value}
      onChange={onChange}
      loading={loading ?? false}
      placeholder="选择评阅教师"
      optionFilterProp="search"
      notFoundContent="没有可用的评阅教师"
      data-testid="reviewer-select"
      options={sorted.map((reviewer) => ({
        value: reviewer.id,
        search: `${reviewer.name} ${reviewer.majors.join(' ')}`,
        label: (
          <span className="assign-reviewer-option">
            <span className="assign-reviewer-name">{reviewer.name}</span>
            <span className="assign-reviewer-meta">
              {reviewer.majors.join('、') || '未设置专业'} · 当前 {reviewer.load} 篇
              {matches(reviewer) ? '' : ' · 专业不符'}
            </span>
          </span>
        ),
      }))}
    />
  );
}
