import type { SubmissionListRow } from '@zikao/contract/review';
import { REOPEN_REASON_MIN } from '@zikao/contract/review';
import { Form, Input } from 'antd';
import { Dialog, useDialogs } from '../../../../shared/components/steady-dialogs.tsx';

/**
 * 重新开放评阅: a submitted review goes back to 评阅中 so the reviewer can change it. The reason
 * is required and goes into the audit trail; a second confirmation guards the action.
 */
export function ReopenDialog({
  row,
  pending,
  onReopen,
  onCancel,
}: {
  row: SubmissionListRow;
  pending: boolean;
  onReopen: (reason: string) => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const [modal, modalHolder] = useDialogs();

  async function submit() {
    const { reason } = await form.validateFields();
    modal.confirm({
      title: '确认重新开放评阅？',
      content: `《${row.title}》将回到“评阅中”，评阅教师 ${row.reviewerName || ''} 可以修改已提交的评阅。原因会记入审计日志。`,
      okText: '重新开放',
      cancelText: '取消',
      onOk: () => onReopen(reason.trim()),
    });
  }

  return (
    <Dialog
      open
      title={`重新开放评阅：${row.title}`}
      okText="重新开放"
      cancelText="取消"
      confirmLoading={pending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item
          name="reason"
          label="重新开放的原因"
          validateFirst
          rules={[
            { required: true, whitespace: true, message: '请填写重新开放的原因' },
            {
              validator: (_, value: string | undefined) =>
                [...(value ?? '').trim()].length >= REOPEN_REASON_MIN
                  ? Promise.resolve()
                  : Promise.reject(new Error(`原因至少 ${REOPEN_REASON_MIN} 个字，以便日后查阅`)),
            },
          ]}
        >
          <Input.TextArea
            autoFocus
            rows={4}
            maxLength={500}
            showCount
            placeholder="例如：评语与成绩不符，需评阅教师复查"
            data-testid="reopen-reason"
          />
        </Form.Item>
      </Form>
      {modalHolder}
    </Dialog>
  );
}
