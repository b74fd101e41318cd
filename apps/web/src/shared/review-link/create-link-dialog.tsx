import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  REVIEW_LINK_DAYS,
  REVIEW_LINK_PURPOSE_LABELS,
  type ReviewLinkCreated,
  type ReviewLinkPurpose,
} from '@zikao/contract/review-link';
import { Button, Form, Input, InputNumber, Radio } from 'antd';
import { useState } from 'react';
import { Dialog } from '../components/steady-dialogs.tsx';
import { LinkShare } from './link-share.tsx';
import { reviewLinkApi, reviewLinkKeys } from './review-link-api.ts';

interface Values {
  submissionId?: number;
  purpose: ReviewLinkPurpose;
  expiresInDays: number;
  label?: string;
}

export interface CreateLinkDialogProps {
  /** The submission the link is for, when it comes from a row; otherwise its number is asked for. */
  submission?: { id: number; title?: string };
  purpose?: ReviewLinkPurpose;
  onClose(): void;
}

const PURPOSE_HINTS: Record<ReviewLinkPurpose, string> = {
  review: '校外专家无需账号，打开链接即可批注并提交评阅；论文将分配给该专家。',
  check: '打开链接可查看已提交的评阅并复核通过或退回评阅人；论文须为“待复核”。',
};

/**
 * 生成评阅链接 (issue 13): one submission, a purpose, 1–30 days (7 by default), and for 评阅 who it
 * is for; then the link to copy or scan. Rendered while open (mount it to open it).
 */
export function CreateLinkDialog({ submission, purpose: initialPurpose = 'review', onClose }: CreateLinkDialogProps) {
  const [form] = Form.useForm<Values>();
  const purpose = Form.useWatch('purpose', form) ?? initialPurpose;
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<(ReviewLinkCreated & { label: string }) | null>(null);
  const create = useMutation({
    mutationFn: (values: Values) =>
      reviewLinkApi.create({
        submissionId: values.submissionId as number,
        purpose: values.purpose,
        expiresInDays: values.expiresInDays,
        label: values.label?.trim() || undefined,
      }),
    onSuccess: (result, values) => {
      setCreated({ ...result, label: values.label?.trim() ?? '' });
      void queryClient.invalidateQueries({ queryKey: reviewLinkKeys.all });
    },
  });

  const submit = async () => {
    const values = await form.validateFields();
    create.mutate({ ...values, submissionId: submission?.id ?? values.submissionId });
  };

  if (created) {
    return (
      <Dialog
        open
        title="评阅链接已生成"
        width={620}
        onCancel={onClose}
        footer={
          <Button type="primary" onClick={onClose}>
            完成
          </Button>
        }
        destroyOnHidden
      >
        <LinkShare url={created.url} expiresAt={created.expiresAt} label={created.label} />
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      title={submission?.title ? `生成评阅链接：${submission.title}` : '生成评阅链接'}
      okText="生成链接"
      cancelText="取消"
      confirmLoading={create.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={{
          submissionId: submission?.id,
          purpose: initialPurpose,
          expiresInDays: REVIEW_LINK_DAYS.default,
        }}
      >
        <Form.Item
          name="submissionId"
          label="论文编号"
          htmlFor="rl-submission"
          rules={[{ required: true, message: '请填写论文编号' }]}
          extra={submission ? undefined : '评阅列表或评阅分配中论文的编号'}
        >
          <InputNumber
            id="rl-submission"
            min={1}
            precision={0}
            disabled={Boolean(submission)}
            style={{ width: 200 }}
            placeholder="例如 12"
          />
        </Form.Item>
        <Form.Item name="purpose" label="用途" extra={PURPOSE_HINTS[purpose]}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={(['review', 'check'] as const).map((value) => ({
              value,
              label: REVIEW_LINK_PURPOSE_LABELS[value],
            }))}
          />
        </Form.Item>
        <Form.Item
          name="expiresInDays"
          label="有效期"
          htmlFor="rl-days"
          rules={[
            { required: true, message: '请填写有效期' },
            {
              type: 'number',
              min: REVIEW_LINK_DAYS.min,
              max: REVIEW_LINK_DAYS.max,
              message: `有效期为 ${REVIEW_LINK_DAYS.min}–${REVIEW_LINK_DAYS.max} 天`,
            },
          ]}
        >
          <InputNumber id="rl-days" min={REVIEW_LINK_DAYS.min} max={REVIEW_LINK_DAYS.max} precision={0} suffix="天" />
        </Form.Item>
        <Form.Item
          name="label"
          label={purpose === 'review' ? '评阅专家' : '备注'}
          htmlFor="rl-label"
          extra={purpose === 'review' ? '姓名和单位，显示在评阅页面上；考生只看到“评阅专家”' : '选填，例如复核人姓名'}
          rules={[
            { required: purpose === 'review', whitespace: true, message: '请填写评阅专家的姓名和单位' },
            { max: 80, message: '不能超过 80 个字符' },
          ]}
        >
          <Input id="rl-label" maxLength={80} placeholder={purpose === 'review' ? '王教授（某某大学）' : '选填'} />
        </Form.Item>
      </Form>
    </Dialog>
  );
}
