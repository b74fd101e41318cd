import { useQuery } from '@tanstack/react-query';
import type { FilePreview, PreviewSheet, SubmissionFile } from '@zikao/contract/thesis-sheet';
import { Alert, Empty, Skeleton, Table, Tabs } from 'antd';
import { ErrorState } from '../../../../shared/components/error-state.tsx';
import { SideDrawer } from '../../../../shared/components/steady-dialogs.tsx';
import { thesisViewsApi } from '../../api/thesis-views-api.ts';
import { columnLabel, formatFileSize } from './view-model.ts';

/** A sheet's rows as a table with spreadsheet column letters (the first row is often, not always, a header). */
function SheetTable({ sheet }: { sheet: PreviewSheet }) {
  const width = Math.max(0, ...sheet.rows.map((row) => row.length));
  const columns = [
    { title: '', key: 'row', width: 56, fixed: 'left' as const, render: (_: unknown, __: unknown, i: number) => i + 1 },
    ...Array.from({ length: width }, (_, c) => ({
      title: columnLabel(c),
      key: String(c),
      ellipsis: true,
      width: 140,
      render: (_: unknown, row: string[]) => row[c] ?? '',
    })),
  ];
  return (
    <>
      {sheet.truncated && (
        <Alert type="info" showIcon title="只显示前 200 行、30 列，完整内容请下载查看" style={{ marginBottom: 12 }} />
      )}
      <Table<string[]>
        size="small"
        bordered
        rowKey={(_, i) => String(i)}
        columns={columns}
        dataSource={sheet.rows}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        scroll={{ x: 56 + width * 140 }}
        locale={{ emptyText: <Empty description="该表没有内容" image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
      />
    </>
  );
}

function PreviewBody({ preview }: { preview: FilePreview }) {
  if (preview.kind === 'archive') {
    return (
      <>
        <p className="tv-muted">
          共 {preview.totalEntries} 个文件{preview.truncated ? '，只列出前 500 个' : ''}（未解压，仅列出文件名）
        </p>
        <Table<{ name: string; size: number }>
          size="small"
          rowKey="name"
          dataSource={preview.entries}
          pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
          columns={[
            { title: '文件', dataIndex: 'name', ellipsis: true },
            {
              title: '大小',
              dataIndex: 'size',
              width: 110,
              align: 'right',
              render: (size: number) => formatFileSize(size),
            },
          ]}
          locale={{ emptyText: <Empty description="压缩包是空的" image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        />
      </>
    );
  }
  if (preview.sheets.length === 1 && preview.sheets[0]) return <SheetTable sheet={preview.sheets[0]} />;
  return (
    <Tabs
      items={preview.sheets.map((sheet, i) => ({
        key: String(i),
        label: sheet.name,
        children: <SheetTable sheet={sheet} />,
      }))}
    />
  );
}

/** 预览 of a CSV, Excel or ZIP attachment: its first rows, or its file list, in a side drawer. */
export function FilePreviewDrawer({
  submissionId,
  file,
  onClose,
}: {
  submissionId: number;
  file: SubmissionFile | null;
  onClose(): void;
}) {
  const query = useQuery({
    queryKey: ['submission-file-preview', submissionId, file?.uploadId],
    queryFn: () => thesisViewsApi.filePreview(submissionId, file?.uploadId ?? ''),
    enabled: file !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <SideDrawer open={file !== null} onClose={onClose} title={file ? `预览：${file.name}` : '预览'} size="large">
      {query.isError ? (
        <ErrorState subject="附件预览" error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <PreviewBody preview={query.data} />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </SideDrawer>
  );
}
