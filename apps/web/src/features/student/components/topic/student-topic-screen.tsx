import { SaveOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TopicFields } from '@zikao/contract/review';
import type { StudentTopic } from '@zikao/contract/student';
import { Alert, Button, Card, Form, Input, Space, Timeline, Typography } from 'antd';
import './student-topic.css';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../../shared/components/error-state.tsx';
import { Page } from '../../../../shared/components/page.tsx';
import { useDialogs } from '../../../../shared/components/steady-dialogs.tsx';
import { toast } from '../../../../shared/feedback/toast.ts';
import { ApiError } from '../../../../shared/request/errors.ts';
import { studentApi } from '../../api/student-api.ts';
import { beijingTime, windowText } from '../thesis/student-format.ts';
import { StatusTag, VerdictTag } from '../thesis/student-status.tsx';
import '../thesis/student.css';
import { LoadingPage } from '../page-states.tsx';

const FIELDS: Array<{ name: keyof TopicFields; label: string; rows?: number; max: number; placeholder: string }> = [
  { name: 'title', label: '论文题目', max: 200, placeholder: '例如：网络流行语对现代汉语词汇的影响研究' },
  { name: 'rationale', label: '立题依据', rows: 6, max: 5000, placeholder: '选题的背景、意义与研究现状' },
  { name: 'outline', label: '提纲', rows: 8, max: 10000, placeholder: '按章节列出论文结构，每行一项' },
  { name: 'references', label: '参考文献', rows: 6, max: 10000, placeholder: '按著录规范列出，每行一条' },
];

function ReviewHistory({ topic }: { topic: StudentTopic }) {
  const reviewed = (topic.submission?.versions ?? []).filter((v) => v.review);
  if (!topic.submission || reviewed.length === 0) return null;
  return (
    <Card variant="borderless" title="评阅意见">
      <Timeline
        items={[...reviewed].reverse().map((v) => ({
          key: v.versionNo,
          content: (
            <div>
              <Space wrap>
                <strong>第 {v.versionNo} 版</strong>
                <VerdictTag verdict={v.review?.verdict ?? null} />
                <Typography.Text type="secondary">{beijingTime(v.review?.reviewedAt)}</Typography.Text>
                <Link to={`/student/thesis/review/${topic.submission?.id}?version=${v.versionNo}`}>查看详情</Link>
              </Space>
              <Typography.Paragraph className="student-comment">{v.review?.comment}</Typography.Paragraph>
            </div>
          ),
        }))}
      />
    </Card>
  );
}

/** 我的选题: the structured topic with a private draft and a confirmed submit; read-only until it is returned. */
export function StudentTopicScreen() {
  const [modal, modalHolder] = useDialogs();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TopicFields>();
  const [busy, setBusy] = useState<'draft' | 'submit' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const topic = useQuery({ queryKey: ['candidate', 'topic'], queryFn: () => studentApi.topic() });

  useEffect(() => {
    if (!topic.data) return;
    form.setFieldsValue(topic.data.fields);
    setSavedAt(topic.data.draftSavedAt);
  }, [topic.data, form]);

  if (topic.isPending) return <LoadingPage />;
  if (topic.isError) {
    return (
      <Page>
        <ErrorState subject="选题" error={topic.error} onRetry={() => void topic.refetch()} />
      </Page>
    );
  }
  const data = topic.data;
  const { submission, editable } = data;
  const canSubmit = editable && data.blockedReason === null;
  const verb = submission?.status === 'returned' ? '重新提交' : '提交';

  const saveDraft = async () => {
    setBusy('draft');
    setError(null);
    try {
      const saved = await studentApi.saveTopicDraft(data.thesisId, form.getFieldsValue());
      setSavedAt(saved.savedAt);
      toast('草稿已保存，仅自己可见', 'success');
    } catch (failure) {
      setError(failure instanceof ApiError || failure instanceof Error ? failure.message : '保存失败');
    } finally {
      setBusy(null);
    }
  };

  const submit = async () => {
    let fields: TopicFields;
    try {
      fields = await form.validateFields();
    } catch {
      return;
    }
    modal.confirm({
      title: `确认${verb}选题？`,
      content: `提交后将用去 1 次上传机会（剩余 ${data.uploadsLeft} 次），评阅完成前不能修改。`,
      okText: `确认${verb}`,
      cancelText: '取消',
      onOk: async () => {
        setBusy('submit');
        setError(null);
        try {
          await studentApi.submit({ thesisId: data.thesisId, stage: 'topic', structured: fields });
          toast('选题已提交，请等待评阅', 'success');
          await queryClient.invalidateQueries({ queryKey: ['candidate'] });
        } catch (failure) {
          setError(failure instanceof ApiError || failure instanceof Error ? failure.message : '提交失败');
        } finally {
          setBusy(null);
        }
      },
    });
  };

  return (
    <Page>
      {modalHolder}
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card
          variant="borderless"
          title={
            <Space>
              <span>选题</span>
              {submission && (
                <StatusTag status={submission.status} verdict={submission.versions.at(-1)?.review?.verdict ?? null} />
              )}
            </Space>
          }
          extra={<Typography.Text type="secondary">提交时间：{windowText(data.window)}</Typography.Text>}
        >
          {!editable && (
            <Alert
              type={submission?.status === 'passed' || submission?.status === 'checked' ? 'success' : 'info'}
              showIcon
              style={{ marginBottom: 16 }}
              title={data.blockedReason ?? '选题已提交'}
              description="选题提交后为只读；如被退回修改，可在此修改后重新提交。"
            />
          )}
          {editable && data.blockedReason && (
            <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={data.blockedReason} />
          )}
          {submission?.status === 'returned' && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title="选题已退回修改"
              description="请参考下方评阅意见修改后重新提交。"
            />
          )}
          {!editable && <TopicFieldsText fields={data.fields} />}
          <Form form={form} layout="vertical" disabled={busy !== null} requiredMark={editable} hidden={!editable}>
            {FIELDS.map((field) => (
              <Form.Item
                key={field.name}
                name={field.name}
                label={field.label}
                rules={[{ required: true, whitespace: true, message: `请填写${field.label}` }]}
              >
                {field.rows ? (
                  <Input.TextArea
                    rows={field.rows}
                    maxLength={field.max}
                    showCount
                    placeholder={field.placeholder}
                    readOnly={!editable}
                  />
                ) : (
                  <Input maxLength={field.max} showCount placeholder={field.placeholder} readOnly={!editable} />
                )}
              </Form.Item>
            ))}
          </Form>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
          {editable && (
            <Space wrap>
              <Button icon={<SaveOutlined />} onClick={() => void saveDraft()} loading={busy === 'draft'}>
                保存草稿
              </Button>
              <Button
                type="primary"
                icon={<SendOutlined />}
                onClick={() => void submit()}
                loading={busy === 'submit'}
                disabled={!canSubmit}
              >
                {verb}选题
              </Button>
              <Typography.Text type="secondary">
                {savedAt
                  ? `草稿保存于 ${beijingTime(savedAt)}（仅自己可见）`
                  : '草稿仅自己可见，提交后评阅教师才能看到'}
              </Typography.Text>
            </Space>
          )}
        </Card>
        <ReviewHistory topic={data} />
      </Space>
    </Page>
  );
}

/** A submitted topic reads as text: no input boxes, counters or resize handles to suggest editing. */
function TopicFieldsText({ fields }: { fields: TopicFields }) {
  return (
    <dl className="topic-fields-text" data-testid="topic-fields-text">
      {FIELDS.map((field) => (
        <div key={field.name}>
          <dt>{field.label}</dt>
          <dd>{fields[field.name] || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
