import { PaperClipOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { DOCUMENT_STATUS_LABELS } from '@zikao/contract/document';
import type { StudentVersion } from '@zikao/contract/student';
import { Alert, Button, Table, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { ToneTag } from '../../../../shared/components/tone-tag.tsx';
import { studentApi } from '../../api/student-api.ts';
import { beijingTime, scoreText, versionReviewText } from './student-format.ts';
import { VerdictTag } from './student-status.tsx';

/** Every version of a stage: file and its conversion, attachments, plagiarism rate, and the review once released. */
export function VersionHistory({ submissionId, scored }: { submissionId: number; scored: boolean }) {
  const detail = useQuery({
    queryKey: ['candidate', 'submission', submissionId],
    queryFn: () => studentApi.submission(submissionId),
    // Files still converting refresh themselves.
    refetchInterval: (q) =>
      q.state.data?.versions.some((v) => v.document && v.document.status !== 'ready' && v.document.status !== 'failed')
        ? 2000
        : false,
  });
  const columns: TableColumnsType<StudentVersion> = [
    { title: '版本', dataIndex: 'versionNo', width: 70, render: (n: number) => `第 ${n} 版` },
    {
      title: '论文文件',
      // Structured text has a document too (to hold annotations); its title names it better.
      render: (_, v) =>
        v.structured ? (
          v.structured.title
        ) : v.document ? (
          <span>
            {v.document.name}{' '}
            <ToneTag tone={v.document.status === 'ready' ? 'green' : v.document.status === 'failed' ? 'red' : 'blue'}>
              {v.document.status === 'ready'
                ? '已完成'
                : v.document.status === 'failed'
                  ? `失败：${v.document.error || '无法转换'}`
                  : `${DOCUMENT_STATUS_LABELS[v.document.status]}…`}
            </ToneTag>
          </span>
        ) : (
          '—'
        ),
    },
    {
      title: '附件',
      render: (_, v) => {
        const files = [
          ...v.attachments.map((a) => ({ ...a, label: a.name })),
          ...(v.plagiarismReport ? [{ ...v.plagiarismReport, label: `查重报告：${v.plagiarismReport.name}` }] : []),
        ];
        if (files.length === 0) return '—';
        return files.map((file) => (
          <Button
            key={file.uploadId}
            type="link"
            size="small"
            icon={<PaperClipOutlined />}
            aria-label={`下载 ${file.label}`}
            onClick={() => void studentApi.downloadFile(file.uploadId)}
          >
            {file.label}
          </Button>
        ));
      },
    },
    ...(scored
      ? [
          {
            title: '查重率',
            width: 90,
            render: (_: unknown, v: StudentVersion) => (v.plagiarismRate === null ? '—' : `${v.plagiarismRate}%`),
          },
        ]
      : []),
    { title: '提交时间', width: 150, render: (_, v) => beijingTime(v.submittedAt) },
    {
      title: '评阅结论',
      width: 110,
      render: (_, v) => {
        const said = detail.data ? versionReviewText(v, detail.data) : ({ kind: 'none' } as const);
        if (said.kind === 'verdict') return <VerdictTag verdict={said.verdict} />;
        if (said.kind === 'status') return <ToneTag tone={said.tone}>{said.text}</ToneTag>;
        return '—';
      },
    },
    ...(scored
      ? [
          {
            title: '成绩',
            width: 110,
            render: (_: unknown, v: StudentVersion) => (v.review ? scoreText(v.review) : '—'),
          },
        ]
      : []),
    {
      title: '操作',
      width: 100,
      render: (_, v) =>
        v.review ? <Link to={`/student/thesis/review/${submissionId}?version=${v.versionNo}`}>查看评阅</Link> : '—',
    },
  ];
  if (detail.isError) return <Alert type="error" showIcon title="版本记录加载失败，请稍后重试" />;
  return (
    <Table
      rowKey="versionNo"
      size="small"
      columns={columns}
      dataSource={detail.data?.versions ?? []}
      loading={detail.isPending}
      pagination={false}
      scroll={{ x: 720 }}
      locale={{ emptyText: '暂无版本' }}
    />
  );
}
