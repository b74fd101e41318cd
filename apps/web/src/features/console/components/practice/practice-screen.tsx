import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type ConsolePracticeListQuery,
  type ConsolePracticeThesisDto,
  PRACTICE_DIFFICULTIES,
  PRACTICE_DIFFICULTY_LABELS,
  PRACTICE_STATUS_LABELS,
  PRACTICE_STATUSES,
  type PracticeDifficulty,
  type PracticeStatus,
} from '@zikao/contract/practice';
import { Button, Card, Form, Grid, Input, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../../shared/components/error-state.tsx';
import { Page } from '../../../../shared/components/page.tsx';
import { formatDate } from '../../../../shared/utils/date.ts';
import { PublishToggle } from './practice-actions.tsx';
import { consolePracticeApi, consolePracticeKeys } from './practice-api.ts';
import { PracticeFormDrawer } from './practice-form-drawer.tsx';
import { DifficultyTag, PracticeStatusTag } from './practice-status.tsx';
import './practice.css';
import { emptyText, SearchCard } from '../shared/list-parts.tsx';
import { listPagination } from '../shared/list-query.ts';

interface Filters {
  keyword?: string;
  status?: PracticeStatus;
  difficulty?: PracticeDifficulty;
}

interface ListState extends ConsolePracticeListQuery {
  page: number;
  pageSize: number;
}

/**
 * 练习论文 (issue 15): the practice theses and their revisions. 新建 uploads a document and its
 * details; each thesis opens to make its reference points in the workspace and to see how markers
 * fared. 发布 / 撤回 behind a confirmation.
 */
export default function PracticeScreen() {
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<ListState>({ page: 1, pageSize: 20 });
  const [drawer, setDrawer] = useState<{ thesis: ConsolePracticeThesisDto | null } | null>(null);
  const navigate = useNavigate();
  // On a phone a fixed action column would leave the title no room.
  const narrow = !Grid.useBreakpoint().md;
  const list = useQuery({
    queryKey: consolePracticeKeys.list(query),
    queryFn: ({ signal }) => consolePracticeApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
  const filtered = Boolean(query.keyword || query.status || query.difficulty);
  const filter = (values: Filters) =>
    setQuery({
      page: 1,
      pageSize: query.pageSize,
      keyword: values.keyword?.trim() || undefined,
      status: values.status,
      difficulty: values.difficulty,
    });

  const columns: TableColumnsType<ConsolePracticeThesisDto> = [
    {
      title: '练习论文',
      key: 'title',
      render: (_, row) => (
        <>
          <Button type="link" className="cp-title-link" onClick={() => navigate(`/console/practice/${row.id}`)}>
            {row.title}
          </Button>
          <div className="cp-sub">
            第 {row.revision} 版{row.latest ? '' : '（已有新版）'} · {row.majorName}
          </div>
          {row.tags.length > 0 && (
            <div className="cp-tags">
              {row.tags.map((tag) => (
                <Tag key={tag} bordered={false}>
                  #{tag}
                </Tag>
              ))}
            </div>
          )}
        </>
      ),
    },
    {
      title: '难度',
      dataIndex: 'difficulty',
      width: 80,
      render: (difficulty: PracticeDifficulty) => <DifficultyTag difficulty={difficulty} />,
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (status: PracticeStatus) => <PracticeStatusTag status={status} />,
    },
    { title: '参考要点', dataIndex: 'referenceCount', width: 90, align: 'right' },
    {
      title: '练习',
      key: 'attempts',
      width: 130,
      render: (_, row) => (
        <>
          <div>{row.submittedCount} 次提交</div>
          <div className="cp-sub">平均 {row.averageScore ?? '—'} 分</div>
        </>
      ),
    },
    {
      title: '更新时间',
      dataIndex: 'updatedAt',
      width: 150,
      render: (value: number) => <span className="cp-nowrap">{formatDate(value, 'YYYY-MM-DD HH:mm')}</span>,
    },
    {
      title: '操作',
      key: 'action',
      width: 230,
      fixed: narrow ? undefined : 'right',
      render: (_, row) => (
        <Space size={4} wrap>
          <Button
            size="small"
            onClick={() => navigate(`/console/practice/${row.id}`)}
            aria-label={`${row.locked ? '查看' : '参考批注'}：${row.title}`}
          >
            {row.locked ? '查看' : '参考批注'}
          </Button>
          <Button size="small" onClick={() => setDrawer({ thesis: row })} aria-label={`编辑信息：${row.title}`}>
            编辑
          </Button>
          {row.latest && <PublishToggle thesis={row} size="small" />}
        </Space>
      ),
    },
  ];

  return (
    <Page
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
            刷新
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ thesis: null })}>
            新建练习论文
          </Button>
        </Space>
      }
    >
      <SearchCard
        label="筛选练习论文"
        form={form}
        onSearch={filter}
        actions={
          <Button
            onClick={() => {
              form.resetFields();
              filter({});
            }}
          >
            重置
          </Button>
        }
      >
        <Form.Item name="keyword" label="标题" htmlFor="cp-keyword">
          <Input id="cp-keyword" allowClear placeholder="搜索标题" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="status" label="状态" htmlFor="cp-status">
          <Select
            id="cp-status"
            allowClear
            placeholder="全部"
            style={{ width: 110 }}
            options={PRACTICE_STATUSES.map((s) => ({ value: s, label: PRACTICE_STATUS_LABELS[s] }))}
          />
        </Form.Item>
        <Form.Item name="difficulty" label="难度" htmlFor="cp-difficulty">
          <Select
            id="cp-difficulty"
            allowClear
            placeholder="全部"
            style={{ width: 110 }}
            options={PRACTICE_DIFFICULTIES.map((d) => ({ value: d, label: PRACTICE_DIFFICULTY_LABELS[d] }))}
          />
        </Form.Item>
      </SearchCard>
      {list.isError && (
        <ErrorState variant="inline" subject="练习论文" error={list.error} onRetry={() => void list.refetch()} />
      )}
      <Card variant="borderless">
        <Table<ConsolePracticeThesisDto>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          scroll={{ x: 1000 }}
          data-testid="console-practice-list"
          locale={{
            emptyText: emptyText(
              filtered ? '没有符合条件的练习论文' : '还没有练习论文。点“新建练习论文”，上传一篇论文并添加参考批注。',
            ),
          }}
          pagination={listPagination(query, list.data?.total, '篇', setQuery)}
        />
      </Card>
      <PracticeFormDrawer
        open={drawer !== null}
        thesis={drawer?.thesis ?? null}
        onClose={() => setDrawer(null)}
        onCreated={(thesis) => navigate(`/console/practice/${thesis.id}`)}
      />
    </Page>
  );
}
