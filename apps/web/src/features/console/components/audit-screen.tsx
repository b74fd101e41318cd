import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type AuditEntryDto,
  auditActionLabel,
  auditEntityLabel,
  auditStatusLabel,
  auditSummary,
} from '@zikao/contract/audit';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { ErrorState } from '../../../shared/components/error-state.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { ToneTag } from '../../../shared/components/tone-tag.tsx';
import { formatDateTime } from '../../../shared/utils/date.ts';
import { type AuditQuery, auditApi, auditKeys } from '../api/audit-api.ts';
import './audit/audit.css';
import { fromBeijingWallClock } from '../../../shared/utils/beijing-time.ts';
import { emptyText, SearchCard } from './shared/list-parts.tsx';
import { listPagination } from './shared/list-query.ts';

interface Filters {
  keyword?: string;
  actorId?: number;
  action?: string;
  entity?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** 审计日志: every status change and admin action, newest first; search, filters, paging, export. */
export default function AuditScreen() {
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<AuditQuery>({ page: 1, pageSize: 20 });
  const list = useQuery({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => auditApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
  const options = useQuery({ queryKey: auditKeys.options, queryFn: auditApi.options });

  const search = (values: Filters) => {
    const [from, to] = values.range ?? [];
    setQuery({
      page: 1,
      pageSize: query.pageSize,
      keyword: values.keyword?.trim() || undefined,
      actorId: values.actorId,
      action: values.action,
      entity: values.entity,
      // Whole Beijing days, as the times in the list are shown.
      from: from ? fromBeijingWallClock(from.startOf('day').toDate()) : undefined,
      to: to ? fromBeijingWallClock(to.endOf('day').toDate()) : undefined,
    });
  };

  const columns: TableColumnsType<AuditEntryDto> = [
    { title: '时间', dataIndex: 'createdAt', width: 158, render: (value: number) => formatDateTime(value) },
    { title: '操作人', dataIndex: 'actorName', width: 90, render: (name: string) => name || '—' },
    {
      title: '操作',
      dataIndex: 'action',
      width: 120,
      render: (action: string) => (
        <ToneTag bordered={false} tone="blue">
          {auditActionLabel(action)}
        </ToneTag>
      ),
    },
    {
      title: '对象',
      key: 'subject',
      render: (_, entry) => (
        <>
          <div className="audit-muted">
            {auditEntityLabel(entry.entity)} #{entry.entityId}
          </div>
          <div className="audit-subject" title={entry.subject}>
            {entry.subject}
          </div>
        </>
      ),
    },
    {
      title: '状态变化',
      key: 'status',
      width: 150,
      render: (_, entry) =>
        entry.fromStatus || entry.toStatus
          ? `${auditStatusLabel(entry.entity, entry.fromStatus)} → ${auditStatusLabel(entry.entity, entry.toStatus)}`
          : '—',
    },
    { title: '原因', dataIndex: 'reason', width: 180, ellipsis: true, render: (reason: string) => reason || '—' },
    {
      title: '详情',
      key: 'detail',
      width: 200,
      ellipsis: true,
      render: (_, entry) => auditSummary(entry) || '—',
    },
  ];

  return (
    <Page
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
            刷新
          </Button>
          <Button
            icon={<DownloadOutlined />}
            disabled={!list.data?.total}
            onClick={() => void auditApi.export(query).catch(() => undefined)}
          >
            导出
          </Button>
        </Space>
      }
    >
      <SearchCard
        label="搜索审计日志"
        form={form}
        onSearch={search}
        actions={
          <Button
            onClick={() => {
              form.resetFields();
              search({});
            }}
          >
            重置
          </Button>
        }
      >
        <Form.Item name="keyword" label="关键词" htmlFor="audit-keyword">
          <Input id="audit-keyword" allowClear placeholder="论文题目、评语内容或原因" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="actorId" label="操作人" htmlFor="audit-actor">
          <Select
            id="audit-actor"
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="全部"
            style={{ width: 140 }}
            options={(options.data?.actors ?? []).map((a) => ({ value: a.id, label: a.name }))}
          />
        </Form.Item>
        <Form.Item name="action" label="操作类型" htmlFor="audit-action">
          <Select
            id="audit-action"
            allowClear
            placeholder="全部"
            style={{ width: 150 }}
            options={(options.data?.actions ?? []).map((a) => ({ value: a, label: auditActionLabel(a) }))}
          />
        </Form.Item>
        <Form.Item name="entity" label="对象类型" htmlFor="audit-entity">
          <Select
            id="audit-entity"
            allowClear
            placeholder="全部"
            style={{ width: 130 }}
            options={(options.data?.entities ?? []).map((e) => ({ value: e, label: auditEntityLabel(e) }))}
          />
        </Form.Item>
        <Form.Item name="range" label="日期" htmlFor="audit-range">
          <DatePicker.RangePicker id={{ start: 'audit-range' }} allowEmpty={[true, true]} />
        </Form.Item>
      </SearchCard>
      {list.isError && (
        <ErrorState variant="inline" subject="审计日志" error={list.error} onRetry={() => void list.refetch()} />
      )}
      <Card variant="borderless">
        <Table<AuditEntryDto>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          locale={{ emptyText: emptyText('没有符合条件的记录') }}
          pagination={listPagination(query, list.data?.total, '条', setQuery)}
        />
      </Card>
    </Page>
  );
}
