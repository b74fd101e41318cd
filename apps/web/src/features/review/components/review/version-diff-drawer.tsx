import { useQuery } from '@tanstack/react-query';
import type { SubmissionVersionDto } from '@zikao/contract/review';
import { Alert, Button, Empty, Select, Space, Spin, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { SideDrawer } from '../../../../shared/components/steady-dialogs.tsx';
import { reviewKeys, useReviewApi } from '../../api/review-api.ts';
import { type DiffCell, sideBySide } from './diff-rows.ts';

const CONTEXT_LINES = 3;

interface VersionDiffDrawerProps {
  open: boolean;
  onClose(): void;
  submissionId: number;
  versions: readonly SubmissionVersionDto[];
  currentVersion: number;
}

/** Two versions' texts side by side, changed lines marked; long unchanged stretches folded. */
export function VersionDiffDrawer({ open, onClose, submissionId, versions, currentVersion }: VersionDiffDrawerProps) {
  const numbers = versions.map((v) => v.versionNo);
  const [to, setTo] = useState(currentVersion);
  const [from, setFrom] = useState(() => Math.max(...numbers.filter((n) => n < currentVersion), numbers[0] ?? 1));
  const [expanded, setExpanded] = useState(false);
  const { diff: fetchDiff } = useReviewApi();
  const diff = useQuery({
    queryKey: reviewKeys.diff(submissionId, from, to),
    queryFn: () => (fetchDiff ? fetchDiff(submissionId, from, to) : Promise.reject(new Error('无法对比版本'))),
    enabled: open && from !== to && Boolean(fetchDiff),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const rows = useMemo(
    () => (diff.data ? sideBySide(diff.data.ops, expanded ? Number.POSITIVE_INFINITY : CONTEXT_LINES) : []),
    [diff.data, expanded],
  );
  const options = numbers.map((n) => ({ value: n, label: `第${n}版${n === currentVersion ? '（当前）' : ''}` }));
  const changed = diff.data ? diff.data.stats.inserted + diff.data.stats.deleted : 0;

  return (
    <SideDrawer
      title="版本对比"
      open={open}
      onClose={onClose}
      size="min(1200px, 96vw)"
      destroyOnHidden
      extra={
        <Space>
          <Select aria-label="原版本" value={from} options={options} onChange={setFrom} style={{ width: 150 }} />
          <span aria-hidden="true">→</span>
          <Select aria-label="对比版本" value={to} options={options} onChange={setTo} style={{ width: 150 }} />
        </Space>
      }
    >
      {from === to ? (
        <Empty description="请选择两个不同的版本" />
      ) : diff.isPending ? (
        <div className="full-page-center" role="status">
          <Spin /> 正在比较…
        </div>
      ) : diff.isError ? (
        <Alert type="error" showIcon title="版本对比失败" description={diff.error.message} />
      ) : (
        <div data-testid="version-diff">
          <Space className="rv-diff-stats" wrap>
            <Tag color="green">新增 {diff.data.stats.inserted} 行</Tag>
            <Tag color="red">删除 {diff.data.stats.deleted} 行</Tag>
            <Tag>未变 {diff.data.stats.equal} 行</Tag>
            {changed > 0 && (
              <Button size="small" onClick={() => setExpanded(!expanded)}>
                {expanded ? '折叠未变内容' : '显示全文'}
              </Button>
            )}
          </Space>
          {changed === 0 ? (
            <Alert type="info" showIcon title="两个版本的文字完全相同" />
          ) : (
            <table className="rv-diff">
              <caption className="sr-only">
                第{from}版与第{to}版的文字对比
              </caption>
              <colgroup>
                <col className="rv-diff-no" />
                <col />
                <col className="rv-diff-no" />
                <col />
              </colgroup>
              <thead>
                <tr>
                  <th scope="col" colSpan={2}>
                    第{from}版
                  </th>
                  <th scope="col" colSpan={2}>
                    第{to}版
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) =>
                  row.type === 'fold' ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their place
                    <tr key={index} className="rv-diff-fold">
                      <td colSpan={4}>
                        <Button type="link" size="small" onClick={() => setExpanded(true)}>
                          … {row.hidden} 行未变，点击展开
                        </Button>
                      </td>
                    </tr>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their place
                    <tr key={index}>
                      <td className="rv-diff-no">{row.left?.no ?? ''}</td>
                      <td className={row.left ? `rv-diff-${row.left.kind}` : 'rv-diff-blank'}>
                        {row.left?.kind === 'delete' && <span className="sr-only">删除：</span>}
                        {row.left && <CellText cell={row.left} />}
                      </td>
                      <td className="rv-diff-no">{row.right?.no ?? ''}</td>
                      <td className={row.right ? `rv-diff-${row.right.kind}` : 'rv-diff-blank'}>
                        {row.right?.kind === 'insert' && <span className="sr-only">新增：</span>}
                        {row.right && <CellText cell={row.right} />}
                      </td>
                    </tr>
                  ),
                )}
              </tbody>
            </table>
          )}
        </div>
      )}
    </SideDrawer>
  );
}

/** A line's text; in a changed line facing its replacement, the changed characters are marked. */
function CellText({ cell }: { cell: DiffCell }) {
  if (!cell.runs) return <>{cell.text}</>;
  // Each run is keyed by where it starts in the line.
  let start = 0;
  const parts = cell.runs.map((run) => {
    const key = start;
    start += run.text.length;
    return run.changed ? (
      <mark key={key} className="rv-diff-mark">
        {run.text}
      </mark>
    ) : (
      <span key={key}>{run.text}</span>
    );
  });
  return <>{parts}</>;
}
