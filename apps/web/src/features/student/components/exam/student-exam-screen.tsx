import { useQuery } from '@tanstack/react-query';
import { STAGE_LABELS, type Stage, VERDICT_LABELS, type Verdict } from '@zikao/contract/review';
import { SUBMISSION_STATUS_LABELS, type SubmissionStatus } from '@zikao/contract/review-lists';
import type { StudentStageResult, StudentThesisResult } from '@zikao/contract/student-info';
import { Alert, Card, Descriptions, Empty, Space, Statistic, Table, type TableColumnsType, Typography } from 'antd';
import { Link } from 'react-router';
import { ErrorState } from '../../../../shared/components/error-state.tsx';
import { Page } from '../../../../shared/components/page.tsx';
import { formatDate } from '../../../../shared/utils/date.ts';
import { studentInfoApi } from '../../api/student-info-api.ts';
import { LoadingPage } from '../page-states.tsx';
import { OutcomeTag } from './outcome-tag.tsx';

const STAGE_COLUMNS: TableColumnsType<StudentStageResult> = [
  { title: '阶段', dataIndex: 'stage', render: (stage: Stage) => STAGE_LABELS[stage] },
  {
    title: '状态',
    dataIndex: 'status',
    render: (status: SubmissionStatus) => SUBMISSION_STATUS_LABELS[status] ?? status,
  },
  { title: '版本', dataIndex: 'versionNo', render: (value: number) => (value > 0 ? `第 ${value} 版` : '—') },
  {
    title: '结论',
    dataIndex: 'verdict',
    render: (verdict: Verdict | null, row) =>
      verdict ? VERDICT_LABELS[verdict] : row.status === 'awaiting_check' ? '待复核后公布' : '—',
  },
  { title: '成绩', dataIndex: 'score', render: (score: number | null) => (score === null ? '—' : `${score} 分`) },
  { title: '等级', dataIndex: 'grade', render: (grade: string | null) => grade ?? '—' },
  { title: '评阅日期', dataIndex: 'reviewedAt', render: (value: number | null) => formatDate(value) },
];

function ThesisResult({ thesis }: { thesis: StudentThesisResult }) {
  return (
    <Card
      variant="borderless"
      title={
        <Space wrap>
          <span>
            {thesis.batchName} · 《{thesis.title}》
          </span>
          <OutcomeTag outcome={thesis.outcome} />
        </Space>
      }
    >
      <Space size={48} wrap style={{ marginBottom: 16 }}>
        <Statistic title="论文成绩" value={thesis.finalScore ?? '—'} suffix={thesis.finalScore === null ? '' : '分'} />
        <Statistic title="等级" value={thesis.finalGrade ?? '—'} />
      </Space>
      <Table<StudentStageResult>
        rowKey="stage"
        size="small"
        columns={STAGE_COLUMNS}
        dataSource={thesis.stages}
        pagination={false}
        scroll={{ x: 640 }}
        locale={{ emptyText: '尚未提交任何阶段' }}
      />
    </Card>
  );
}

/** 考试: the candidate's registration and their thesis results, stage by stage. */
export function StudentExamScreen() {
  const exam = useQuery({ queryKey: ['student', 'exam'], queryFn: ({ signal }) => studentInfoApi.exam(signal) });
  if (exam.isPending) return <LoadingPage />;
  if (exam.isError) {
    return (
      <Page>
        <ErrorState
          subject="考试信息"
          error={exam.error}
          description="请稍后刷新重试。"
          onRetry={() => void exam.refetch()}
        />
      </Page>
    );
  }
  const { student, theses } = exam.data;
  return (
    <Page>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card variant="borderless" title="报考信息">
          <Descriptions column={{ xs: 1, sm: 2, lg: 3 }}>
            <Descriptions.Item label="姓名">{student.name}</Descriptions.Item>
            <Descriptions.Item label="准考证号">{student.examNumber || '—'}</Descriptions.Item>
            <Descriptions.Item label="报考专业">{student.majorName || '—'}</Descriptions.Item>
            <Descriptions.Item label="报考层次">{student.applyExamLevel || '—'}</Descriptions.Item>
            <Descriptions.Item label="主考院校">{student.schoolName || '—'}</Descriptions.Item>
            <Descriptions.Item label="考试机构">{student.examCommitteeName || '—'}</Descriptions.Item>
          </Descriptions>
        </Card>
        <Alert
          type="info"
          showIcon
          title="课程考试的报名、考场与成绩由省高等教育自学考试委员会发布，请以其公布的为准；本平台记录毕业论文各阶段的结果。"
        />
        {theses.length === 0 ? (
          <Card variant="borderless">
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无毕业论文记录" />
          </Card>
        ) : (
          theses.map((thesis) => <ThesisResult key={thesis.thesisId} thesis={thesis} />)
        )}
        <Typography.Text type="secondary">
          评语与批注请在 <Link to="/student/thesis">我的论文</Link> 中查看。
        </Typography.Text>
      </Space>
    </Page>
  );
}
