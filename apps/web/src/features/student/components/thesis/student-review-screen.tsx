import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { AnnotatedPdfVariant } from '@zikao/contract/endpoints/documents';
import { SCORED_STAGES, STAGE_LABELS, type TopicFields } from '@zikao/contract/review';
import { structuredTextFields } from '@zikao/contract/structured-text';
import { Alert, Button, Card, Descriptions, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { AnnotatedPdfButton } from '../../../../shared/components/annotated-pdf-button.tsx';
import { ErrorState } from '../../../../shared/components/error-state.tsx';
import { Page } from '../../../../shared/components/page.tsx';
import { AnnotationWorkspace } from '../../../../workspace/lazy-workspace.tsx';
import { studentApi } from '../../api/student-api.ts';
import { ChangeSummaryCard } from './change-summary-card.tsx';
import { beijingTime, reviewHeadings, scoreText } from './student-format.ts';
import { StatusTag, VerdictTag } from './student-status.tsx';
import './student.css';
import { LoadingPage } from '../page-states.tsx';

const TOPIC_LABELS = [
  ['title', '论文题目'],
  ['rationale', '立题依据'],
  ['outline', '提纲'],
  ['references', '参考文献'],
] as const;

/** The topic's fields as the reviewer annotated them: the same texts, the candidate's own labels. */
function topicFields(fields: TopicFields): Array<{ label: string; text: string }> {
  return structuredTextFields(fields).map((field, i) => ({ ...field, label: TOPIC_LABELS[i]?.[1] ?? field.label }));
}

/**
 * 评阅结果: the verdict, score, grade and comment of one version, and its annotated document in
 * the workspace's read-only mode, where the candidate may reply to an annotation.
 */
export default function StudentReviewScreen() {
  const { id } = useParams();
  const submissionId = Number(id);
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const versionParam = Number(search.get('version')) || undefined;
  const [downloading, setDownloading] = useState(false);
  // The workspace's numbering, so the 修改建议 summary says 批注 N as the document's list does.
  const [numbers, setNumbers] = useState<ReadonlyMap<string, number>>(() => new Map());
  const review = useQuery({
    queryKey: ['candidate', 'review', submissionId, versionParam ?? 0],
    queryFn: () => studentApi.review(submissionId, versionParam),
    enabled: Number.isInteger(submissionId) && submissionId > 0,
  });

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/student/thesis')}>
      返回我的论文
    </Button>
  );
  if (review.isPending) return <LoadingPage extra={back} />;
  if (review.isError) {
    return (
      <Page extra={back}>
        <ErrorState subject="评阅结果" error={review.error} onRetry={() => void review.refetch()} />
      </Page>
    );
  }
  const data = review.data;
  const result = data.review;
  const scored = SCORED_STAGES.includes(data.stage);
  const headings = reviewHeadings(data.versionNo, data.versions);
  const download = async (variant: AnnotatedPdfVariant) => {
    if (!data.documentId) return;
    setDownloading(true);
    try {
      await studentApi.downloadAnnotatedPdf(data.documentId, variant);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Page
      extra={
        <Space wrap>
          {data.versions.length > 1 && (
            <Select
              aria-label="选择版本"
              value={data.versionNo}
              style={{ width: 120 }}
              options={data.versions.map((n) => ({ value: n, label: `第 ${n} 版` }))}
              onChange={(value) => setSearch({ version: String(value) })}
            />
          )}
          {result && data.documentId && !data.structured && (
            <AnnotatedPdfButton loading={downloading} onDownload={(variant) => void download(variant)} />
          )}
          {back}
        </Space>
      }
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card variant="borderless" title={`${STAGE_LABELS[data.stage]} · 第 ${data.versionNo} 版`}>
          {result ? (
            <>
              <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
                <Descriptions.Item label={headings.status}>
                  <StatusTag status={data.status} verdict={headings.current ? result.verdict : null} />
                </Descriptions.Item>
                <Descriptions.Item label={headings.verdict}>
                  <VerdictTag verdict={result.verdict} />
                </Descriptions.Item>
                {scored && <Descriptions.Item label="成绩与等级">{scoreText(result)}</Descriptions.Item>}
                {result.plagiarismRate !== null && (
                  <Descriptions.Item label="查重率">{result.plagiarismRate}%</Descriptions.Item>
                )}
                <Descriptions.Item label="评阅人">{result.reviewedBy}</Descriptions.Item>
                <Descriptions.Item label="评阅时间">{beijingTime(result.reviewedAt)}</Descriptions.Item>
                <Descriptions.Item label="批注">{data.annotations.length} 条</Descriptions.Item>
              </Descriptions>
              <Typography.Title level={2} style={{ fontSize: 15, marginTop: 12 }}>
                评语
              </Typography.Title>
              <Typography.Paragraph className="student-comment">{result.comment || '（无）'}</Typography.Paragraph>
            </>
          ) : (
            <Alert
              type="info"
              showIcon
              title="评阅尚未完成"
              description="评阅结果公布后，可在此查看结论、成绩、评语与批注。"
            />
          )}
        </Card>
        {result && <ChangeSummaryCard annotations={data.annotations} numbers={numbers} />}
        {result && data.documentId && (
          <Card variant="borderless" title="批注（只读，可回复）" styles={{ body: { padding: 0 } }}>
            <div className="candidate-review-workspace">
              <AnnotationWorkspace
                key={data.documentId}
                documentId={data.documentId}
                mode="readonly"
                allowReplies
                onNumbersChange={setNumbers}
                height="100%"
                {...(data.structured ? { fields: topicFields(data.structured) } : {})}
              />
            </div>
          </Card>
        )}
        {data.structured && !(result && data.documentId) && (
          <Card variant="borderless" title="选题内容">
            <Descriptions column={1} size="small" bordered>
              {TOPIC_LABELS.map(([key, label]) => (
                <Descriptions.Item key={key} label={label}>
                  <span className="student-comment">{data.structured?.[key] || '—'}</span>
                </Descriptions.Item>
              ))}
            </Descriptions>
          </Card>
        )}
      </Space>
    </Page>
  );
}
