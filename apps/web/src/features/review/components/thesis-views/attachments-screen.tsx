import {
  DownloadOutlined,
  EyeOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FileWordOutlined,
  FileZipOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { STAGE_LABELS } from '@zikao/contract/review';
import { ARCHIVE_PREVIEW_MIMES, type SubmissionFile, TABLE_PREVIEW_MIMES } from '@zikao/contract/thesis-sheet';
import { Button, Card, Empty, Skeleton, Space, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ErrorState } from '../../../../shared/components/error-state.tsx';
import { Page } from '../../../../shared/components/page.tsx';
import { ToneTag } from '../../../../shared/components/tone-tag.tsx';
import { toast } from '../../../../shared/feedback/toast.ts';
import { currentToken } from '../../../../shared/stores/session-store.ts';
import { submissionFileUrl, thesisViewKeys, thesisViewsApi } from '../../api/thesis-views-api.ts';
import { FilePreviewDrawer } from './file-preview-drawer.tsx';
import { ViewLinks } from './view-links.tsx';
import { formatFileSize, formatRate, isPreviewable } from './view-model.ts';
import './thesis-views.css';

/**
 * Opens a PDF or image in a new tab. The tab is opened at once (a later window.open would be
 * blocked), then shown the file fetched with the session's token.
 */
async function preview(submissionId: number, file: SubmissionFile): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) {
    tab.opener = null;
    tab.document.title = file.name;
    tab.document.body.textContent = '正在加载…';
  }
  try {
    const token = currentToken();
    const response = await fetch(submissionFileUrl(submissionId, file.uploadId, true), {
      credentials: 'include',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    if (!response.ok || (response.headers.get('content-type') ?? '').includes('application/json')) {
      throw new Error('预览失败');
    }
    const blob = await response.blob();
    const url = URL.createObjectURL(new Blob([blob], { type: file.mime }));
    if (tab) tab.location.href = url;
    else window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch {
    tab?.close();
    toast('预览失败，请下载后查看', 'error');
  }
}

/** The icon of a file's type: PDF, Word, Excel and CSV, pictures, archives, anything else. */
function FileIcon({ mime }: { mime: string }) {
  if (mime === 'application/pdf') return <FilePdfOutlined aria-hidden />;
  if (mime.includes('word')) return <FileWordOutlined aria-hidden />;
  if (mime === 'text/csv' || mime.includes('spreadsheet')) return <FileExcelOutlined aria-hidden />;
  if (mime.startsWith('image/')) return <FileImageOutlined aria-hidden />;
  if (mime === 'application/zip') return <FileZipOutlined aria-hidden />;
  return <FileOutlined aria-hidden />;
}

/** Whether a file is shown in the preview drawer (tables and archives) rather than a browser tab. */
const hasPreviewDrawer = (mime: string) => TABLE_PREVIEW_MIMES.includes(mime) || ARCHIVE_PREVIEW_MIMES.includes(mime);

/** 论文附件: the current version's attachments and plagiarism report, to preview and download. */
export function AttachmentsScreen() {
  const submissionId = Number(useParams().id);
  const valid = Number.isInteger(submissionId) && submissionId > 0;
  const query = useQuery({
    queryKey: thesisViewKeys.attachments(submissionId),
    queryFn: () => thesisViewsApi.attachments(submissionId),
    enabled: valid,
    retry: false,
  });
  const [previewing, setPreviewing] = useState<SubmissionFile | null>(null);
  const columns: ColumnsType<SubmissionFile> = [
    {
      title: '文件名',
      dataIndex: 'name',
      render: (name: string, file) => (
        <Space>
          <FileIcon mime={file.mime} />
          <span className="tv-file-name">{name}</span>
        </Space>
      ),
    },
    {
      title: '类型',
      dataIndex: 'kind',
      width: 120,
      render: (kind: SubmissionFile['kind']) =>
        kind === 'report' ? <ToneTag tone="orange">查重报告</ToneTag> : <ToneTag tone="blue">附件</ToneTag>,
    },
    {
      title: '大小',
      dataIndex: 'size',
      width: 120,
      align: 'right',
      render: (size: number | null) => formatFileSize(size),
    },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      render: (_: unknown, file) => (
        <Space>
          {hasPreviewDrawer(file.mime) ? (
            <Button
              size="small"
              icon={<EyeOutlined />}
              onClick={() => setPreviewing(file)}
              aria-label={`预览 ${file.name}`}
            >
              预览
            </Button>
          ) : isPreviewable(file.mime) ? (
            <Button
              size="small"
              icon={<EyeOutlined />}
              onClick={() => void preview(submissionId, file)}
              aria-label={`预览 ${file.name}`}
            >
              预览
            </Button>
          ) : (
            <Tooltip title="该格式不支持在线预览，请下载查看">
              <Button size="small" icon={<EyeOutlined />} disabled aria-label={`预览 ${file.name}（不支持）`}>
                预览
              </Button>
            </Tooltip>
          )}
          <Button
            size="small"
            icon={<DownloadOutlined />}
            onClick={() => void thesisViewsApi.download(submissionId, file.uploadId).catch(() => {})}
            aria-label={`下载 ${file.name}`}
          >
            下载
          </Button>
        </Space>
      ),
    },
  ];
  let body: React.ReactNode;
  if (!valid) body = <ErrorState subject="论文" error={new Error('链接中的论文编号不正确')} back />;
  else if (query.isError)
    body = <ErrorState subject="论文" error={query.error} onRetry={() => void query.refetch()} back />;
  else if (!query.data) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else {
    const data = query.data;
    body = (
      <Card
        variant="borderless"
        title={`${STAGE_LABELS[data.stage]} · 第${data.versionNo}版`}
        extra={<span className="tv-muted">查重率：{formatRate(data.plagiarismRate)}</span>}
      >
        <Table<SubmissionFile>
          rowKey="uploadId"
          columns={columns}
          dataSource={data.files}
          pagination={false}
          data-testid="attachment-table"
          locale={{ emptyText: <Empty description="没有附件" image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        />
      </Card>
    );
  }
  return (
    <Page
      extra={
        valid ? <ViewLinks submissionId={submissionId} stage={query.data?.stage} current="attachments" /> : undefined
      }
    >
      {body}
      {valid && <FilePreviewDrawer submissionId={submissionId} file={previewing} onClose={() => setPreviewing(null)} />}
    </Page>
  );
}
