import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import type { Stage } from '@zikao/contract/review';
import { isStage } from '@zikao/contract/review';
import type { SubmissionFilterOptions } from '@zikao/contract/submission-filters';
import { Button, Form, Input, Radio, Select } from 'antd';
import { useId, useState } from 'react';
import { submissionStatusLabel } from '../../../../shared/components/tone.ts';
import { STAGE_SWITCH_LABELS } from './list-configs.ts';
import { isFiltered, type ListState } from './list-query.ts';
import { STATUS_ORDER } from './status-display.ts';

interface ToolbarProps {
  subject: string;
  stages: readonly Stage[];
  state: ListState;
  options: SubmissionFilterOptions | undefined;
  optionsLoading: boolean;
  onChange(change: Partial<ListState>): void;
  onReset(): void;
}

/** Search on title, candidate name and exam number; filters on status, batch and major. */
export function ReviewListToolbar({
  subject,
  stages,
  state,
  options,
  optionsLoading,
  onChange,
  onReset,
}: ToolbarProps) {
  const id = useId();
  const [keyword, setKeyword] = useState(state.keyword);
  // The box follows the applied keyword when that changes (back, reset, a link), and otherwise
  // keeps what was typed: adjusted while rendering, because a cached screen's effects run again
  // whenever it is shown.
  const [applied, setApplied] = useState(state.keyword);
  if (applied !== state.keyword) {
    setApplied(state.keyword);
    setKeyword(state.keyword);
  }

  const batchOptions = (options?.batches ?? []).map((batch) => ({ value: batch.id, label: batch.name }));
  // A batch or major from the URL that is no longer offered still shows as selected.
  if (state.batchId && !batchOptions.some((option) => option.value === state.batchId)) {
    batchOptions.push({ value: state.batchId, label: `批次 ${state.batchId}` });
  }
  const majors = options?.majors ?? [];
  const majorOptions = (state.major && !majors.includes(state.major) ? [...majors, state.major] : majors).map(
    (major) => ({ value: major, label: major }),
  );

  return (
    <div className="review-list-toolbar">
      {stages.length > 1 ? (
        <Radio.Group
          aria-label="评阅阶段"
          optionType="button"
          buttonStyle="solid"
          value={state.stage}
          onChange={(event) => {
            const stage: unknown = event.target.value;
            if (isStage(stage)) onChange({ stage, status: null, batchId: null, major: '' });
          }}
          options={stages.map((stage) => ({ value: stage, label: STAGE_SWITCH_LABELS[stage] }))}
        />
      ) : null}
      <Form
        layout="inline"
        role="search"
        aria-label={`搜索${subject}`}
        onFinish={() => onChange({ keyword })}
        className="review-list-filters"
      >
        <Form.Item label="关键词" htmlFor={`${id}-keyword`}>
          <Input
            id={`${id}-keyword`}
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            placeholder={`${subject}题目、考生姓名或准考证号`}
            allowClear
            maxLength={100}
            className="review-list-keyword"
            data-testid="list-keyword"
          />
        </Form.Item>
        <Form.Item label="状态" htmlFor={`${id}-status`}>
          <Select
            id={`${id}-status`}
            value={state.status ?? undefined}
            onChange={(value) => onChange({ status: value ?? null })}
            allowClear
            placeholder="全部状态"
            className="review-list-select"
            options={STATUS_ORDER.map((status) => ({ value: status, label: submissionStatusLabel(status) }))}
          />
        </Form.Item>
        <Form.Item label="批次" htmlFor={`${id}-batch`}>
          <Select
            id={`${id}-batch`}
            value={state.batchId ?? undefined}
            onChange={(value) => onChange({ batchId: value ?? null })}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={optionsLoading}
            placeholder="全部批次"
            notFoundContent="暂无批次"
            className="review-list-select review-list-select-wide"
            options={batchOptions}
          />
        </Form.Item>
        <Form.Item label="专业" htmlFor={`${id}-major`}>
          <Select
            id={`${id}-major`}
            value={state.major || undefined}
            onChange={(value) => onChange({ major: value ?? '' })}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={optionsLoading}
            placeholder="全部专业"
            notFoundContent="暂无专业"
            className="review-list-select"
            options={majorOptions}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
        </Form.Item>
        <Form.Item>
          <Button icon={<ClearOutlined />} onClick={onReset} disabled={!isFiltered(state) && !keyword}>
            重置
          </Button>
        </Form.Item>
      </Form>
    </div>
  );
}
