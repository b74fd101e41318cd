import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  NOTICE_AUDIENCE_LABELS,
  NOTICE_BODY_MAX,
  NOTICE_TITLE_MAX,
  type NoticePublishInput,
} from '@zikao/contract/notice';
import { Form, Input, Radio } from 'antd';
import { Dialog } from '../../../shared/components/steady-dialogs.tsx';
import { toast } from '../../../shared/feedback/toast.ts';
import { noticeApi, noticeKeys } from '../api/notice-api.ts';

/** The admin's 发布通知 form: title, text, and whether it goes to all staff or all candidates. */
export function PublishNoticeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<NoticePublishInput>();
  const queryClient = useQueryClient();
  const publish = useMutation({
    mutationFn: (input: NoticePublishInput) => noticeApi.publish(input),
    onSuccess: () => {
      toast('通知已发布', 'success');
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: noticeKeys.all });
      onClose();
    },
  });

  return (
    <Dialog
      open={open}
      title="发布通知"
      okText="发布"
      cancelText="取消"
      confirmLoading={publish.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<NoticePublishInput>
        form={form}
        layout="vertical"
        initialValues={{ audience: 'staff' }}
        onFinish={(values) => publish.mutate({ ...values, title: values.title.trim(), body: values.body.trim() })}
      >
        <Form.Item name="audience" label="发布对象" rules={[{ required: true, message: '请选择发布对象' }]}>
          <Radio.Group
            options={(['staff', 'students'] as const).map((value) => ({
              value,
              label: NOTICE_AUDIENCE_LABELS[value],
            }))}
          />
        </Form.Item>
        <Form.Item
          name="title"
          label="标题"
          rules={[
            { required: true, whitespace: true, message: '请填写通知标题' },
            { max: NOTICE_TITLE_MAX, message: `标题不能超过 ${NOTICE_TITLE_MAX} 个字` },
          ]}
        >
          <Input maxLength={NOTICE_TITLE_MAX} showCount placeholder="例如：2026年下半年论文评阅工作安排" />
        </Form.Item>
        <Form.Item
          name="body"
          label="内容"
          rules={[
            { required: true, whitespace: true, message: '请填写通知内容' },
            { max: NOTICE_BODY_MAX, message: `内容不能超过 ${NOTICE_BODY_MAX} 个字` },
          ]}
        >
          <Input.TextArea rows={6} maxLength={NOTICE_BODY_MAX} showCount />
        </Form.Item>
      </Form>
    </Dialog>
  );
}
