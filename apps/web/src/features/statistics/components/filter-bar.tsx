import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { STAGE_LABELS, STAGES } from '@zikao/contract/review';
import type { StatisticsBatchOption, StatisticsOptions } from '@zikao/contract/statistics';
import { Button, DatePicker, Segmented, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type FilterState, PRESET_LABELS, type PresetKey, periodOf, presetOf, presetRange } from '../filter-query.ts';

const CUSTOM = 'custom';
const ALL = 'all';
type Choice = PresetKey | typeof ALL | typeof CUSTOM;

export interface FilterBarProps {
  options: StatisticsOptions;
  state: FilterState;
  onChange(next: FilterState): void;
  onExport(): void;
  exporting: boolean;
}

/** The batch whose period 本批次 means: the chosen one, else the newest still open (running to today). */
export function batchForPreset(options: StatisticsOptions, state: FilterState): StatisticsBatchOption | undefined {
  if (state.batchId !== undefined) return options.batches.find((batch) => batch.id === state.batchId);
  return options.batches.find((batch) => batch.to === options.today) ?? options.batches[0];
}

/** Filters: batch, stage, period (本周, 本月, 本批次, 全部 or any days), and for admins reviewer and major. */
export function FilterBar({ options, state, onChange, onExport, exporting }: FilterBarProps) {
  const { today } = options;
  const batch = batchForPreset(options, state);
  const period = periodOf(state, today);
  const preset = presetOf(state, today, batch);
  const choice: Choice = period === null ? ALL : (preset ?? CUSTOM);

  const choose = (value: Choice) => {
    if (value === ALL) {
      onChange({ ...state, from: undefined, to: undefined, allTime: true });
      return;
    }
    if (value === CUSTOM) return;
    const range = presetRange(value, today, batch);
    if (!range) return;
    const batchId = value === 'batch' && batch ? batch.id : state.batchId;
    onChange({ ...state, ...range, allTime: false, batchId });
  };
  const pickRange = (values: [Dayjs | null, Dayjs | null] | null) => {
    const [start, end] = values ?? [null, null];
    if (start && end)
      onChange({ ...state, from: start.format('YYYY-MM-DD'), to: end.format('YYYY-MM-DD'), allTime: false });
    else onChange({ ...state, from: undefined, to: undefined, allTime: true });
  };
  const segments: Array<{ value: Choice; label: string; disabled?: boolean }> = [
    ...(['week', 'month', 'batch'] as const).map((key) => ({
      value: key,
      label: PRESET_LABELS[key],
      disabled: key === 'batch' && !batch,
    })),
    { value: ALL, label: '全部' },
    ...(choice === CUSTOM ? [{ value: CUSTOM as Choice, label: '自定义' }] : []),
  ];

  return (
    <search className="st-filters" aria-label="统计筛选">
      <div className="st-filter">
        <label htmlFor="st-batch">批次</label>
        <Select
          id="st-batch"
          allowClear
          placeholder="全部批次"
          value={state.batchId}
          onChange={(value?: number) => onChange({ ...state, batchId: value })}
          options={options.batches.map((b) => ({ value: b.id, label: b.name }))}
          popupMatchSelectWidth={false}
          className="st-select"
        />
      </div>
      <div className="st-filter">
        <label htmlFor="st-stage">阶段</label>
        <Select
          id="st-stage"
          allowClear
          placeholder="全部阶段"
          value={state.stage}
          onChange={(value?: FilterState['stage']) => onChange({ ...state, stage: value })}
          options={STAGES.map((stage) => ({ value: stage, label: STAGE_LABELS[stage] }))}
          className="st-select st-select-narrow"
        />
      </div>
      <div className="st-filter st-filter-period">
        <span className="st-filter-label" id="st-period-label">
          时间
        </span>
        <Segmented<Choice> aria-labelledby="st-period-label" value={choice} onChange={choose} options={segments} />
        <DatePicker.RangePicker
          id={{ start: 'st-from', end: 'st-to' }}
          aria-label="日期范围"
          value={period ? [dayjs(period.from), dayjs(period.to)] : null}
          onChange={pickRange}
          allowClear
          disabledDate={(date) => date.isAfter(dayjs(today), 'day')}
          placeholder={['开始日期', '结束日期']}
          className="st-range"
        />
      </div>
      {options.everyone && (
        <>
          <div className="st-filter">
            <label htmlFor="st-reviewer">评阅教师</label>
            <Select
              id="st-reviewer"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="全部评阅教师"
              value={state.reviewerId}
              onChange={(value?: number) => onChange({ ...state, reviewerId: value })}
              options={options.reviewers.map((r) => ({ value: r.id, label: r.name }))}
              className="st-select"
            />
          </div>
          <div className="st-filter">
            <label htmlFor="st-major">专业</label>
            <Select
              id="st-major"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="全部专业"
              value={state.major}
              onChange={(value?: string) => onChange({ ...state, major: value })}
              options={options.majors.map((major) => ({ value: major, label: major }))}
              popupMatchSelectWidth={false}
              className="st-select"
            />
          </div>
        </>
      )}
      <div className="st-filter-actions">
        <Button icon={<ReloadOutlined />} onClick={() => onChange({})}>
          重置
        </Button>
        <Button type="primary" icon={<DownloadOutlined />} loading={exporting} onClick={onExport}>
          导出 Excel
        </Button>
      </div>
    </search>
  );
}
