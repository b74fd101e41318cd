import {
  ANNOTATION_CATEGORIES,
  type AnnotationCategory,
  type SharedCommentBankEntry,
} from '@zikao/contract/annotation';
import { Form, Input, Select } from 'antd';
import { Dialog } from '../../../../shared/components/steady-dialogs.tsx';

export interface SharedEntryValues {
  category: AnnotationCategory;
  text: string;
}

/** Create or edit a shared comment: a category and the text (at most 500 characters). */
export function CommentBankForm({
  entry,
  pending,
  onSave,
  onCancel,
}: {
  entry: SharedCommentBankEntry | null;
  pending: boolean;
  onSave: (values: SharedEntryValues) => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<SharedEntryValues>();
  return (
    <Dialog
      open
      title={entry ? '编辑公共评语' : '新增公共评语'}
      okText="保存"
      cancelText="取消"
      confirmLoading={pending}
      onCancel={onCancel}
      onOk={() =>
        void form
          .validateFields()
          .then((values) => onSave({ ...values, text: values.text.trim() }))
          .catch(() => undefined)
      }
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={entry ? { category: entry.category, text: entry.text } : { category: 'content', text: '' }}
      >
        <Form.Item name="category" label="类别" rules={[{ required: true, message: '请选择类别' }]}>
          <Select options={ANNOTATION_CATEGORIES.map((c) => ({ value: c.key, label: c.label }))} />
        </Form.Item>
        <Form.Item
          name="text"
          label="评语内容"
          rules={[
            { required: true, whitespace: true, message: '请填写评语内容' },
            { max: 500, message: '不能超过 500 个字' },
          ]}
        >
          <Input.TextArea
            autoFocus
            rows={4}
            maxLength={500}
            showCount
            placeholder="例如：文献综述不够充分，请补充近五年的研究"
          />
        </Form.Item>
      </Form>
    </Dialog>
  );
}
