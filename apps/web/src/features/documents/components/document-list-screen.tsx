import { FilePdfOutlined, InboxOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_STATUS_LABELS, type DocumentStatus, type DocumentSummary } from '@zikao/contract/document';
import {
  Alert,
  Button,
  Card,
  Input,
  Progress,
  Space,
  Table,
  type TableColumnsType,
  type TableProps,
  Tag,
  Upload,
} from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorState } from '../../../shared/components/error-state.tsx';
import { Page } from '../../../shared/components/page.tsx';
import './document.css';
import { toast } from '../../../shared/feedback/toast.ts';
import { THESIS_FILE_ACCEPT, THESIS_FILE_MAX_MB, thesisFileTooLarge } from '../../../shared/upload/thesis-file.ts';
import { useUploadAndConvert } from '../../../shared/upload/use-upload-and-convert.ts';
import { formatDate } from '../../../shared/utils/date.ts';
import { type DocumentListQuery, documentApi } from '../api/document-api.ts';

const STATUS_COLOR: Record<DocumentStatus, string> = {
  queued: 'default',
  converting: 'processing',
  extracting: 'processing',
  ready: 'success',
  failed: 'error',
};

/** The reviewer's own documents: upload (with upload and conversion progress), search, sort, open. */
export default function DocumentListScreen() {
  const [query, setQuery] = useState<DocumentListQuery>({ page: 1, pageSize: 10, sort: 'createdAt', order: 'desc' });
  const [keyword, setKeyword] = useState('');
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const list = useQuery({
    queryKey: ['documents', query],
    queryFn: () => documentApi.list(query),
    placeholderData: keepPreviousData,
    // Rows still converting refresh themselves.
    refetchInterval: (q) =>
      q.state.data?.list.some((row) => row.status !== 'ready' && row.status !== 'failed') ? 2000 : false,
  });

  const upload = useUploadAndConvert({
    upload: documentApi.upload,
    status: documentApi.status,
    onUploaded: () => void queryClient.invalidateQueries({ queryKey: ['documents'] }),
    onSettled: (status) => {
      void queryClient.invalidateQueries({ queryKey: ['documents'] });
      if (status.status === 'ready') toast('文档已就绪，可以开始批注', 'success');
    },
  });

  function send(file: File) {
    const refused = thesisFileTooLarge(file);
    if (refused) toast(refused, 'error');
    else upload.start(file);
  }

  const columns: TableColumnsType<DocumentSummary> = [
    {
      title: '文件名',
      dataIndex: 'name',
      sorter: true,
      sortOrder: query.sort === 'name' ? (query.order === 'asc' ? 'ascend' : 'descend') : null,
      render: (name: string, row) =>
        row.status === 'ready' ? (
          <Link to={`/document/${row.id}`}>
            <FilePdfOutlined /> {name}
          </Link>
        ) : (
          <span>
            <FilePdfOutlined /> {name}
          </span>
        ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 200,
      render: (status: DocumentStatus, row) =>
        status === 'ready' || status === 'failed' ? (
          <span>
            <Tag color={STATUS_COLOR[status]}>{DOCUMENT_STATUS_LABELS[status]}</Tag>
            {status === 'failed' && <span className="aw-muted">{row.error}</span>}
          </span>
        ) : (
          <Progress percent={row.progress} size="small" status="active" format={() => DOCUMENT_STATUS_LABELS[status]} />
        ),
    },
    {
      title: '页数',
      dataIndex: 'pageCount',
      width: 90,
      sorter: true,
      sortOrder: query.sort === 'pageCount' ? (query.order === 'asc' ? 'ascend' : 'descend') : null,
      render: (count: number, row) => (row.status === 'ready' ? count : '—'),
    },
    {
      title: '上传时间',
      dataIndex: 'createdAt',
      width: 170,
      sorter: true,
      sortOrder: query.sort === 'createdAt' ? (query.order === 'asc' ? 'ascend' : 'descend') : null,
      render: (value: number) => formatDate(value, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      width: 100,
      render: (_, row) => (
        <Button type="link" disabled={row.status !== 'ready'} onClick={() => navigate(`/document/${row.id}`)}>
          批注
        </Button>
      ),
    },
  ];

  const onTableChange: TableProps<DocumentSummary>['onChange'] = (pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = (one?.order ? one.field : 'createdAt') as DocumentListQuery['sort'];
    setQuery({
      ...query,
      page: pagination.current ?? 1,
      pageSize: pagination.pageSize ?? query.pageSize,
      sort: field,
      order: one?.order === 'ascend' ? 'asc' : 'desc',
    });
  };

  const status = upload.conversion;
  return (
    <Page>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card>
          <Upload.Dragger
            accept={THESIS_FILE_ACCEPT}
            multiple={false}
            showUploadList={false}
            disabled={upload.name !== null && upload.error === null && !upload.settled}
            beforeUpload={(file) => {
              send(file);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">点击或拖入论文文件上传</p>
            <p className="ant-upload-hint">
              支持 PDF、DOC、DOCX，不超过 {THESIS_FILE_MAX_MB} MB；Word 文件会自动转换为 PDF
            </p>
          </Upload.Dragger>
          {upload.name !== null && (
            <div className="doc-upload" aria-live="polite" data-testid="upload-progress">
              <div className="doc-upload-name">{upload.name}</div>
              {upload.error ? (
                <Alert type="error" showIcon title="上传失败" description={upload.error} />
              ) : (
                <>
                  <Progress percent={upload.percent} size="small" format={(p) => `上传 ${p}%`} />
                  {status && (
                    <Progress
                      percent={status.status === 'ready' ? 100 : status.progress}
                      size="small"
                      status={
                        status.status === 'failed' ? 'exception' : status.status === 'ready' ? 'success' : 'active'
                      }
                      format={() => DOCUMENT_STATUS_LABELS[status.status]}
                    />
                  )}
                  {status?.status === 'failed' && (
                    <Alert type="error" showIcon title={status.error || '文档处理失败'} />
                  )}
                  {status?.status === 'ready' && (
                    <Button type="primary" onClick={() => navigate(`/document/${status.id}`)}>
                      开始批注
                    </Button>
                  )}
                </>
              )}
            </div>
          )}
        </Card>
        <Card
          title="文档列表"
          extra={
            <Space>
              <Input
                allowClear
                aria-label="搜索文件名"
                placeholder="搜索文件名"
                prefix={<SearchOutlined />}
                value={keyword}
                onChange={(event) => setKeyword(event.target.value)}
                onPressEnter={() => setQuery({ ...query, page: 1, keyword: keyword.trim() })}
                onClear={() => setQuery({ ...query, page: 1, keyword: '' })}
              />
              <Button onClick={() => setQuery({ ...query, page: 1, keyword: keyword.trim() })}>搜索</Button>
              <Button icon={<ReloadOutlined />} aria-label="刷新" onClick={() => void list.refetch()} />
            </Space>
          }
        >
          {list.isError && (
            <ErrorState
              variant="inline"
              subject="文档列表"
              error={list.error}
              onRetry={() => void list.refetch()}
              style={{ marginBottom: 12 }}
            />
          )}
          <Table
            rowKey="id"
            columns={columns}
            dataSource={list.data?.list ?? []}
            loading={list.isFetching && !list.data}
            onChange={onTableChange}
            locale={{ emptyText: query.keyword ? '没有匹配的文档' : '还没有文档，上传一份论文开始批注' }}
            pagination={{
              current: query.page,
              pageSize: query.pageSize,
              total: list.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (total) => `共 ${total} 份`,
            }}
          />
        </Card>
      </Space>
    </Page>
  );
}
