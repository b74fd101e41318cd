import { SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  PRACTICE_DIFFICULTIES,
  PRACTICE_DIFFICULTY_LABELS,
  PRACTICE_PROGRESS_LABELS,
  type PracticeDifficulty,
  type PracticeListQuery,
  type PracticeThesisDto,
  practiceProgress,
} from '@zikao/contract/practice';
import { Button, Card, Empty, Form, Grid, Input, Select, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../../shared/components/error-state.tsx';
import { practiceApi, practiceKeys } from '../../api/practice-api.ts';
import { DifficultyTag } from '../difficulty-tag.tsx';
import { formatScore } from '../practice-format.ts';

/** The list's query with its page numbers as numbers (the schema's input coerces). */
interface ListState extends PracticeListQuery {
  page: number;
  pageSize: number;
}

interface Filters {
  keyword?: string;
  difficulty?: PracticeDifficulty;
  majorName?: string;
}

/** The published practice theses: search by title, filter by difficulty, major and tag; the caller's best on each. */
export function ThesisList() {
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<ListState>({ page: 1, pageSize: 10 });
  const navigate = useNavigate();
  // On a phone the thesis takes the row: its facts and its action go under the title.
  const narrow = !Grid.useBreakpoint().sm;
  const list = useQuery({
    queryKey: practiceKeys.list(query),
    queryFn: ({ signal }) => practiceApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
  const filtered = Boolean(query.keyword || query.difficulty || query.majorName || query.tag);

  const search = (values: Filters) =>
    setQuery({
      ...query,
      page: 1,
      keyword: values.keyword?.trim() || undefined,
      difficulty: values.difficulty,
      majorName: values.majorName?.trim() || undefined,
    });

  const actionOf = (row: PracticeThesisDto) =>
    row.openAttemptId ? '继续练习' : row.myBest === null ? '开始练习' : '再练一次';
  const action = (row: PracticeThesisDto) => (
    <Button
      type={row.openAttemptId || row.myBest === null ? 'primary' : 'default'}
      size="small"
      onClick={() => navigate(`/annotate/practice/review/${row.id}`)}
      aria-label={`${actionOf(row)}：${row.title}`}
    >
      {actionOf(row)}
    </Button>
  );
  const best = (row: PracticeThesisDto) =>
    row.myBest === null ? (
      <span className="pr-muted">{PRACTICE_PROGRESS_LABELS[practiceProgress(row)]}</span>
    ) : (
      <span>
        <strong className="pr-best">{formatScore(row.myBest)}</strong>
        <span className="pr-muted"> · {row.myAttempts} 次</span>
      </span>
    );

  const titleColumn: TableColumnsType<PracticeThesisDto>[number] = {
    title: '练习论文',
    key: 'title',
    render: (_, row) => (
      <div className="pr-thesis">
        <div className="pr-thesis-title">{row.title}</div>
        {row.description && <div className="pr-thesis-desc">{row.description}</div>}
        {row.tags.length > 0 && (
          <div className="pr-tags">
            {row.tags.map((tag) => (
              <Tag.CheckableTag
                key={tag}
                checked={query.tag === tag}
                onChange={(on) => setQuery({ ...query, page: 1, tag: on ? tag : undefined })}
                aria-label={`按标签“${tag}”筛选`}
              >
                #{tag}
              </Tag.CheckableTag>
            ))}
          </div>
        )}
        {narrow && (
          <div className="pr-thesis-narrow">
            <DifficultyTag difficulty={row.difficulty} />
            <span className="pr-muted">{row.majorName}</span>
            <span>最高分 {best(row)}</span>
            {action(row)}
          </div>
        )}
      </div>
    ),
  };
  const columns: TableColumnsType<PracticeThesisDto> = narrow
    ? [titleColumn]
    : [
        titleColumn,
        { title: '专业', dataIndex: 'majorName', width: 140, responsive: ['md'] },
        {
          title: '难度',
          dataIndex: 'difficulty',
          width: 80,
          render: (difficulty: PracticeDifficulty) => <DifficultyTag difficulty={difficulty} />,
        },
        {
          title: '我的最高分',
          dataIndex: 'myBest',
          width: 110,
          align: 'right',
          render: (_, row) => best(row),
        },
        { title: '操作', key: 'action', width: 110, render: (_, row) => action(row) },
      ];

  return (
    <Card title="练习论文" variant="borderless" className="pr-card">
      <Form<Filters>
        form={form}
        layout="inline"
        role="search"
        aria-label="搜索练习论文"
        onFinish={search}
        className="pr-search"
      >
        <Form.Item name="keyword" label="标题" htmlFor="pr-keyword">
          <Input id="pr-keyword" allowClear placeholder="搜索论文标题" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="difficulty" label="难度" htmlFor="pr-difficulty">
          <Select
            id="pr-difficulty"
            allowClear
            placeholder="全部"
            style={{ width: 110 }}
            options={PRACTICE_DIFFICULTIES.map((d) => ({ value: d, label: PRACTICE_DIFFICULTY_LABELS[d] }))}
          />
        </Form.Item>
        <Form.Item name="majorName" label="专业" htmlFor="pr-major">
          <Input id="pr-major" allowClear placeholder="全部" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
        </Form.Item>
        {filtered && (
          <Form.Item>
            <Button
              onClick={() => {
                form.resetFields();
                setQuery({ page: 1, pageSize: query.pageSize });
              }}
            >
              重置
            </Button>
          </Form.Item>
        )}
      </Form>
      {query.tag && (
        <div className="pr-active-tag">
          标签：
          <Tag>#{query.tag}</Tag>
          <Button type="link" size="small" onClick={() => setQuery({ ...query, page: 1, tag: undefined })}>
            清除标签
          </Button>
        </div>
      )}
      {list.isError && (
        <ErrorState variant="inline" subject="练习论文" error={list.error} onRetry={() => void list.refetch()} />
      )}
      <Table<PracticeThesisDto>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching && !list.data}
        data-testid="practice-thesis-list"
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={filtered ? '没有符合条件的练习论文' : '暂无练习论文，管理员发布后会出现在这里'}
            />
          ),
        }}
        pagination={{
          current: query.page,
          pageSize: query.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 篇`,
          onChange: (page, pageSize) => setQuery({ ...query, page: pageSize === query.pageSize ? page : 1, pageSize }),
        }}
      />
    </Card>
  );
}
