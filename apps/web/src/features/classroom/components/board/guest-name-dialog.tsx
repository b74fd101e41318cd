import { boardGuestNameSchema } from '@zikao/contract/course';
import { Form, Input } from 'antd';
import { Dialog } from '../../../../shared/components/steady-dialogs.tsx';

/** A guest (a 学员链接 without an account) says who they are once, so the teacher's 出勤 has a name. */
export function GuestNameDialog({ courseTitle, onDone }: { courseTitle: string; onDone(name: string): void }) {
  const [form] = Form.useForm<{ name: string }>();
  return (
    <Dialog
      open
      title={`进入课堂 · ${courseTitle}`}
      okText="进入课堂"
      closable={false}
      maskClosable={false}
      keyboard={false}
      cancelButtonProps={{ style: { display: 'none' } }}
      onOk={() => form.submit()}
    >
      <Form form={form} layout="vertical" onFinish={(values) => onDone(values.name.trim())}>
        <Form.Item
          name="name"
          label="你的姓名"
          extra="老师将在出勤中看到这个名字"
          rules={[
            { required: true, whitespace: true, message: '请输入姓名' },
            {
              validator: (_rule, value: string | undefined) => {
                const result = boardGuestNameSchema.safeParse(value ?? '');
                return result.success ? Promise.resolve() : Promise.reject(new Error(result.error.issues[0]?.message));
              },
            },
          ]}
        >
          <Input autoFocus maxLength={40} placeholder="例如：王同学" autoComplete="name" />
        </Form.Item>
      </Form>
    </Dialog>
  );
}
