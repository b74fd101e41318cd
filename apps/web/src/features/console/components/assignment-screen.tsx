import { ReloadOutlined, ThunderboltOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  isStage,
  isSubmissionStatus,
  STAGE_LABELS,
  STAGES,
  SUBMISSION_STATUS_LABELS,
  type SubmissionListRow,
  type SubmissionStatus,
} from '@zikao/contract/review';
import { Button, Card, Form, Input, Radio, Select, Space, Table, type TableColumnsType, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { ErrorState } from '../../../shared/components/error-state.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SubmissionStatusTag } from '../../../shared/components/status-tag.tsx';
import { toast } from '../../../shared/feedback/toast.ts';
import { CreateLinkDialog } from '../../../shared/review-link/create-link-dialog.tsx';
import { openCheckPage } from '../../../shared/review-link/open-check-page.ts';
import { formatDate } from '../../../shared/utils/date.ts';
import { type AssignmentListQuery, assignmentApi, assignmentKeys } from '../api/assignment-api.ts';
import { AssignDialog } from './assignment/assign-dialog.tsx';
import { AutoAssignDialog } from './assignment/auto-assign-dialog.tsx';
import { ReopenDialog } from './assignment/reopen-dialog.tsx';
import { ASSIGNABLE, REOPENABLE } from './assignment/status-tag.tsx';
import { emptyText, SearchCard } from './shared/list-parts.tsx';
import { listPagination } from './shared/list-query.ts';
import './assignment/assignment.css';

const STATUS_TABS: SubmissionStatus[] = ['unassigned', 'assigned', 'reviewing', 'returned', 'passed', 'failed'];

/** 评阅分配: every submission of a stage; assign by hand or automatically, and reopen submitted reviews. */
export default function AssignmentScreen() {
  const [query, setQuery] = useState<AssignmentListQuery>({
    stage: 'draft',
    status: 'unassigned',
    page: 1,
    pageSize: 20,
  });
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<SubmissionListRow[]>([]);
  const [assigning, setAssigning] = useState<SubmissionListRow[] | null>(null);
  const [reopening, setReopening] = useState<SubmissionListRow | null>(null);
  const [linking, setLinking] = useState<SubmissionListRow | null>(null);
  const [auto, setAuto] = useState(false);
  const queryClient = useQueryClient();

  const list = useQuery({
    queryKey: assignmentKeys.list(query),
    queryFn: ({ signal }) => assignmentApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
  const options = useQuery({ queryKey: assignmentKeys.options, queryFn: assignmentApi.options });
  const reviewers = options.data?.reviewers ?? [];

  const refresh = () => {
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: assignmentKeys.all });
  };
  const assign = useMutation({
    mutationFn: ({ rows, reviewerId }: { rows: SubmissionListRow[]; reviewerId: number }) =>
      assignmentApi.assign(
        rows.map((row) => row.id),
        reviewerId,
      ),
    onSuccess: (result) => {
      toast(`已分配 ${result.assigned} 篇论文`, 'success');
      setAssigning(null);
      refresh();
    },
  });
  const reopen = useMutation({
    mutationFn: ({ row, reason }: { row: SubmissionListRow; reason: string }) => assignmentApi.reopen(row.id, reason),
    onSuccess: () => {
      toast('已重新开放评阅', 'success');
      setReopening(null);
      refresh();
    },
  });

  const update = (changes: Partial<AssignmentListQuery>) => {
    setSelected([]);
    setQuery((current) => ({ ...current, page: 1, ...changes }));
  };
  const selectable = selected.filter((row) => ASSIGNABLE.includes(row.status));
  const autoIds = selected.filter((row) => row.status === 'unassigned').map((row) => row.id);
  const batchName = options.data?.batches.find((b) => b.id === query.batchId)?.name;
  const scopeText =
    autoIds.length > 0
      ? `所选的 ${autoIds.length} 篇待分配论文`
      : `${STAGE_LABELS[query.stage]}阶段${batchName ? `、${batchName}` : ''}${query.major ? `、${query.major}专业` : ''}的全部待分配论文`;

  const counts = list.data?.counts;
  const columns: TableColumnsType<SubmissionListRow> = [
    { title: '论文题目', dataIndex: 'title', ellipsis: true },
    {
      title: '考生 / 准考证号',
      dataIndex: 'studentName',
      width: 140,
      render: (name: string, row) => (
        <>
          <div>{name || '—'}</div>
          <div className="assign-reviewer-meta">{row.examNo || '—'}</div>
        </>
      ),
    },
    { title: '专业', dataIndex: 'majorName', width: 110, ellipsis: true },
    { title: '批次', dataIndex: 'batchName', width: 120, ellipsis: true },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (status: SubmissionStatus) => <SubmissionStatusTag status={status} />,
    },
    {
      title: '评阅教师',
      dataIndex: 'reviewerName',
      width: 120,
      render: (name: string, row) =>
        name ||
        (row.releasedFromName ? (
          // A revoked review link gave it back (issue 32 §1.5): say whose it was, and ask for a 改派.
          <>
            <Tag color="orange" bordered={false}>
              待改派
            </Tag>
            <div className="assign-reviewer-meta">链接已撤销：{row.releasedFromName}</div>
          </>
        ) : (
          <span className="assign-reviewer-meta">未分配</span>
        )),
    },
    { title: '提交时间', dataIndex: 'submittedAt', width: 112, render: (value: number) => formatDate(value) },
    {
      title: '操作',
      key: 'action',
      width: 210,
      render: (_, row) => (
        <Space size={0} wrap>
          {ASSIGNABLE.includes(row.status) && (
            <Button type="link" size="small" onClick={() => setAssigning([row])}>
              {row.reviewerId || row.releasedFromName ? '改派' : '分配'}
            </Button>
          )}
          {ASSIGNABLE.includes(row.status) && (
            <Button type="link" size="small" onClick={() => setLinking(row)} aria-label={`生成评阅链接：${row.title}`}>
              生成评阅链接
            </Button>
          )}
          {row.status === 'awaiting_check' && (
            <Button
              type="link"
              size="small"
              onClick={() => void openCheckPage(row.id)}
              aria-label={`复核：${row.title}`}
            >
              复核
            </Button>
          )}
          {REOPENABLE.includes(row.status) && (
            <Button type="link" size="small" onClick={() => setReopening(row)}>
              重新开放评阅
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Page
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={refresh}>
            刷新
          </Button>
          <Button type="primary" icon={<ThunderboltOutlined />} onClick={() => setAuto(true)}>
            自动分配
          </Button>
        </Space>
      }
    >
      <SearchCard
        label="筛选论文"
        onSearch={() => update({ keyword: keyword.trim() || undefined })}
        above={
          <Tabs
            activeKey={query.stage}
            onChange={(stage) => {
              if (isStage(stage)) update({ stage });
            }}
            items={STAGES.map((stage) => ({ key: stage, label: STAGE_LABELS[stage] }))}
          />
        }
      >
        <Form.Item label="批次" htmlFor="assign-batch">
          <Select
            id="assign-batch"
            allowClear
            placeholder="全部批次"
            style={{ width: 180 }}
            value={query.batchId}
            onChange={(batchId?: number) => update({ batchId })}
            options={(options.data?.batches ?? []).map((b) => ({ value: b.id, label: b.name }))}
          />
        </Form.Item>
        <Form.Item label="专业" htmlFor="assign-major">
          <Select
            id="assign-major"
            allowClear
            showSearch
            placeholder="全部专业"
            style={{ width: 180 }}
            value={query.major}
            onChange={(major?: string) => update({ major })}
            options={(options.data?.majors ?? []).map((m) => ({ value: m, label: m }))}
          />
        </Form.Item>
        <Form.Item label="关键词" htmlFor="assign-keyword">
          <Input
            id="assign-keyword"
            allowClear
            placeholder="题目、考生姓名或准考证号"
            style={{ width: 240 }}
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
          />
        </Form.Item>
      </SearchCard>
      {list.isError && (
        <ErrorState variant="inline" subject="论文列表" error={list.error} onRetry={() => void list.refetch()} />
      )}
      <Card variant="borderless">
        <div className="assign-toolbar">
          <Radio.Group
            aria-label="按状态筛选"
            optionType="button"
            value={query.status ?? 'all'}
            onChange={(event) => {
              const value: unknown = event.target.value;
              update({ status: isSubmissionStatus(value) ? value : undefined });
            }}
            options={[
              {
                value: 'all',
                label: `全部${counts ? ` ${Object.values(counts).reduce((a, b) => a + b, 0)}` : ''}`,
              },
              ...STATUS_TABS.map((status) => ({
                value: status,
                label: `${SUBMISSION_STATUS_LABELS[status]}${counts ? ` ${counts[status]}` : ''}`,
              })),
            ]}
          />
          <Space>
            <span aria-live="polite">{selected.length > 0 ? `已选 ${selected.length} 篇` : ''}</span>
            <Button
              icon={<UserSwitchOutlined />}
              disabled={selectable.length === 0}
              onClick={() => setAssigning(selectable)}
            >
              分配所选
            </Button>
            <Button disabled={autoIds.length === 0} onClick={() => setAuto(true)}>
              自动分配所选
            </Button>
          </Space>
        </div>
        <Table<SubmissionListRow>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          rowSelection={{
            selectedRowKeys: selected.map((row) => row.id),
            onChange: (_keys, rows) => setSelected(rows),
            getCheckboxProps: (row) => ({
              disabled: !ASSIGNABLE.includes(row.status),
              'aria-label': `选择《${row.title}》`,
            }),
          }}
          locale={{ emptyText: emptyText('没有符合条件的论文') }}
          pagination={listPagination(query, list.data?.total, '篇', setQuery)}
        />
      </Card>
      {assigning && (
        <AssignDialog
          rows={assigning}
          reviewers={reviewers}
          loading={options.isLoading}
          pending={assign.isPending}
          onAssign={(reviewerId) => assign.mutate({ rows: assigning, reviewerId })}
          onCancel={() => setAssigning(null)}
        />
      )}
      {linking && (
        <CreateLinkDialog submission={{ id: linking.id, title: linking.title }} onClose={() => setLinking(null)} />
      )}
      {reopening && (
        <ReopenDialog
          row={reopening}
          pending={reopen.isPending}
          onReopen={(reason) => reopen.mutate({ row: reopening, reason })}
          onCancel={() => setReopening(null)}
        />
      )}
      {auto && (
        <AutoAssignDialog
          scope={
            autoIds.length > 0
              ? { submissionIds: autoIds }
              : {
                  stage: query.stage,
                  ...(query.batchId ? { batchId: query.batchId } : {}),
                  ...(query.major ? { major: query.major } : {}),
                }
          }
          scopeText={scopeText}
          reviewers={reviewers}
          onApplied={(assigned) => {
            toast(`已自动分配 ${assigned} 篇论文`, 'success');
            setAuto(false);
            refresh();
          }}
          onCancel={() => setAuto(false)}
        />
      )}
    </Page>
  );
}
