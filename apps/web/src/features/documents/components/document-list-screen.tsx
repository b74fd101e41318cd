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
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Page } from '../../../shared/components/page.tsx';
import './document.css';
import { toast } from '../../../shared/feedback/toast.ts';
import { ApiError, isCancelled } from '../../../shared/request/errors.ts';
import { formatDate } from '../../../shared/utils/date.ts';
import { type DocumentListQuery, documentApi } from '../api/document-api.ts';

const STATUS_COLOR: Record<DocumentStatus, string> = {
  queued: 'default',
  converting: 'processing',
  extracting: 'processing',
  ready: 'success',
  failed: 'error',
};

const ACCEPT =
  '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const MAX_MB = 50;

interface UploadState {
  name: string;
  percent: number;
  documentId?: number;
  status?: DocumentSummary;
  error?: string;
}

/** The reviewer's own documents: upload (with upload and conversion progress), search, sort, open. */
export default function DocumentListScreen() {
  const [query, setQuery] = useState<DocumentListQuery>({ page: 1, pageSize: 10, sort: 'createdAt', order: 'desc' });
  const [keyword, setKeyword] = useState('');
  const [upload, setUpload] = useState<UploadState | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const abort = useRef<AbortController | null>(null);

  const list = useQuery({
    queryKey: ['documents', query],
    queryFn: () => documentApi.list(query),
    placeholderData: keepPreviousData,
    // Rows still converting refresh themselves.
    refetchInterval: (q) =>
      q.state.data?.list.some((row) => row.status !== 'ready' && row.status !== 'failed') ? 2000 : false,
  });

  // Conversion progress of the file just uploaded.
  const documentId = upload?.documentId;
  const settled = upload?.status?.status === 'ready' || upload?.status?.status === 'failed';
  useEffect(() => {
    if (!documentId || settled) return;
    let cancelled = false;
    const poll = async () => {
      try {
        const status = await documentApi.status(documentId);
        if (cancelled) return;
        setUpload((current) => (current ? { ...current, status } : current));
        if (status.status === 'ready' || status.status === 'failed') {
          void queryClient.invalidateQueries({ queryKey: ['documents'] });
          if (status.status === 'ready') toast('文档已就绪，可以开始批注', 'success');
          return;
        }
      } catch {
        // keep polling: a missed status call is not a failed conversion
      }
      if (!cancelled) timer = setTimeout(poll, 800);
    };
    let timer = setTimeout(poll, 300);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [documentId, settled, queryClient]);

  async function send(file: File) {
    if (file.size > MAX_MB * 1024 * 1024) {
      toast(`文件超过 ${MAX_MB} MB`, 'error');
      return;
    }
    abort.current = new AbortController();
    setUpload({ name: file.name, percent: 0 });
    try {
      const result = await documentApi.upload(
        file,
        (percent) => setUpload((current) => (current ? { ...current, percent } : current)),
        abort.current.signal,
      );
      setUpload((current) => (current ? { ...current, percent: 100, documentId: result.documentId } : current));
      void queryClient.invalidateQueries({ queryKey: ['documents'] });
    } catch (error) {
      if (isCancelled(error)) {
        setUpload(null);
        return;
      }
      setUpload((current) =>
        current
          ? { ...current, error: error instanceof ApiError || error instanceof Error ? error.message : '上传失败' }
          : current,
      );
    }
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

  const status = upload?.status;
  return (
    <Page>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card>
          <Upload.Dragger
            accept={ACCEPT}
            multiple={false}
            showUploadList={false}
            disabled={Boolean(upload && !upload.error && !settled)}
            beforeUpload={(file) => {
              void send(file);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">点击或拖入论文文件上传</p>
            <p className="ant-upload-hint">支持 PDF、DOC、DOCX，不超过 {MAX_MB} MB；Word 文件会自动转换为 PDF</p>
          </Upload.Dragger>
          {upload && (
            <div className="doc-upload" aria-live="polite" data-testid="upload-progress">
              <div className="doc-upload-name">{upload.name}</div>
              {upload.error ? (
                <Alert type="error" showIcon message="上传失败" description={upload.error} />
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
                    <Alert type="error" showIcon message={status.error || '文档处理失败'} />
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
          {list.isError && <Alert type="error" showIcon message="文档列表加载失败" style={{ marginBottom: 12 }} />}
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
