import { InboxOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_STATUS_LABELS } from '@zikao/contract/document';
import {
  type ConsolePracticeThesisDto,
  PRACTICE_DESCRIPTION_MAX,
  PRACTICE_DIFFICULTIES,
  PRACTICE_DIFFICULTY_LABELS,
  PRACTICE_MAJOR_MAX,
  PRACTICE_TAGS_MAX,
  PRACTICE_TITLE_MAX,
} from '@zikao/contract/practice';
import { Alert, Button, Form, type FormInstance, Input, Progress, Radio, Select, Space, Upload } from 'antd';
import { useEffect } from 'react';
import { SideDrawer } from '../../../../shared/components/steady-dialogs.tsx';
import { toast } from '../../../../shared/feedback/toast.ts';
import { THESIS_FILE_ACCEPT, THESIS_FILE_MAX_MB, thesisFileTooLarge } from '../../../../shared/upload/thesis-file.ts';
import { useUploadAndConvert } from '../../../../shared/upload/use-upload-and-convert.ts';
import { consolePracticeApi, consolePracticeKeys } from './practice-api.ts';
import {
  EMPTY_PRACTICE_FORM,
  formProblems,
  formValuesOf,
  type PracticeFormValues,
  toMetadata,
} from './practice-form-model.ts';

export interface PracticeFormDrawerProps {
  open: boolean;
  /** The revision to edit; null to upload a new practice thesis. */
  thesis: ConsolePracticeThesisDto | null;
  onClose(): void;
  /** A new thesis was created: the screen opens it to make the reference points. */
  onCreated?(thesis: ConsolePracticeThesisDto): void;
}

/** The contract's message for a field, the one the server would give. */
const problemRule = (form: FormInstance<PracticeFormValues>, name: keyof PracticeFormValues) => ({
  validator: async () => {
    const problem = formProblems({ ...EMPTY_PRACTICE_FORM, ...form.getFieldsValue(true) })[name];
    if (problem) throw new Error(problem);
  },
});

/** A file's name without its extension: the title to start from. */
const titleOf = (name: string) => name.replace(/\.(pdf|docx?|PDF|DOCX?)$/, '').slice(0, PRACTICE_TITLE_MAX);

/** 新建练习论文 (upload with progress, then title, major, difficulty and tags) or 编辑信息. */
export function PracticeFormDrawer({ open, thesis, onClose, onCreated }: PracticeFormDrawerProps) {
  const [form] = Form.useForm<PracticeFormValues>();
  const queryClient = useQueryClient();
  const creating = thesis === null;
  const upload = useUploadAndConvert({
    upload: consolePracticeApi.upload,
    status: consolePracticeApi.documentStatus,
  });
  const { reset } = upload;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(thesis ? formValuesOf(thesis) : EMPTY_PRACTICE_FORM);
    reset();
  }, [open, thesis, form, reset]);

  const save = useMutation({
    mutationFn: async (values: PracticeFormValues) => {
      const metadata = toMetadata(values);
      if (thesis) return consolePracticeApi.update({ id: thesis.id, ...metadata });
      return consolePracticeApi.create({ documentId: upload.documentId as number, ...metadata });
    },
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: consolePracticeKeys.all });
      toast(creating ? '练习论文已创建，请在文档上添加参考批注' : '练习论文信息已保存', 'success');
      onClose();
      if (creating) onCreated?.(saved);
    },
  });

  const conversion = upload.conversion;
  const ready = conversion?.status === 'ready';
  const uploadBusy = upload.name !== null && upload.error === null && !upload.settled;
  const missingFile = creating && !ready;

  return (
    <SideDrawer
      open={open}
      title={creating ? '新建练习论文' : '编辑练习论文'}
      size={520}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space className="cp-drawer-footer">
          <Button onClick={onClose}>取消</Button>
          <Button
            type="primary"
            loading={save.isPending}
            disabled={missingFile}
            onClick={() => form.submit()}
            title={missingFile ? '请先上传文档并等待转换完成' : undefined}
          >
            {creating ? '创建' : '保存'}
          </Button>
        </Space>
      }
    >
      {creating && (
        <section className="cp-upload" aria-label="练习文档">
          <Upload.Dragger
            accept={THESIS_FILE_ACCEPT}
            multiple={false}
            showUploadList={false}
            disabled={uploadBusy}
            beforeUpload={(file) => {
              const refused = thesisFileTooLarge(file);
              if (refused) toast(refused, 'error');
              else {
                upload.start(file);
                if (!form.getFieldValue('title')) form.setFieldValue('title', titleOf(file.name));
              }
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">点击或拖入练习论文文件</p>
            <p className="ant-upload-hint">
              支持 PDF、DOC、DOCX，不超过 {THESIS_FILE_MAX_MB} MB；Word 文件会自动转换为 PDF
            </p>
          </Upload.Dragger>
          {upload.name !== null && (
            <div className="cp-upload-progress" aria-live="polite" data-testid="practice-upload-progress">
              <div className="cp-upload-name">{upload.name}</div>
              {upload.error ? (
                <Alert type="error" showIcon title="上传失败" description={upload.error} />
              ) : (
                <>
                  <Progress percent={upload.percent} size="small" format={(p) => `上传 ${p}%`} />
                  {conversion && (
                    <Progress
                      percent={ready ? 100 : conversion.progress}
                      size="small"
                      status={conversion.status === 'failed' ? 'exception' : ready ? 'success' : 'active'}
                      format={() => DOCUMENT_STATUS_LABELS[conversion.status]}
                    />
                  )}
                  {conversion?.status === 'failed' && (
                    <Alert type="error" showIcon title={conversion.error || '文档处理失败，请换一个文件'} />
                  )}
                </>
              )}
            </div>
          )}
        </section>
      )}
      {!creating && thesis && (
        <Alert
          type="info"
          showIcon
          className="cp-form-note"
          title="只修改标题、专业、难度、标签和说明；参考批注在文档上编辑。"
        />
      )}
      <Form<PracticeFormValues>
        form={form}
        layout="vertical"
        requiredMark
        onFinish={(values) => save.mutate({ ...EMPTY_PRACTICE_FORM, ...values })}
      >
        <Form.Item name="title" label="标题" required rules={[problemRule(form, 'title')]}>
          <Input maxLength={PRACTICE_TITLE_MAX} showCount placeholder="练习论文的标题" />
        </Form.Item>
        <Form.Item name="majorName" label="专业" required rules={[problemRule(form, 'majorName')]}>
          <Input maxLength={PRACTICE_MAJOR_MAX} placeholder="如：汉语言文学" />
        </Form.Item>
        <Form.Item name="difficulty" label="难度" required rules={[problemRule(form, 'difficulty')]}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={PRACTICE_DIFFICULTIES.map((d) => ({ value: d, label: PRACTICE_DIFFICULTY_LABELS[d] }))}
          />
        </Form.Item>
        <Form.Item
          name="tags"
          label="标签"
          rules={[problemRule(form, 'tags')]}
          extra={`输入后按回车添加，最多 ${PRACTICE_TAGS_MAX} 个`}
        >
          <Select
            mode="tags"
            open={false}
            suffixIcon={null}
            tokenSeparators={[',', '，', ' ']}
            placeholder="如：论证、引用规范"
          />
        </Form.Item>
        <Form.Item name="description" label="练习说明" rules={[problemRule(form, 'description')]}>
          <Input.TextArea
            maxLength={PRACTICE_DESCRIPTION_MAX}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
            placeholder="告诉练习者要重点找什么问题（可不填）"
          />
        </Form.Item>
      </Form>
    </SideDrawer>
  );
}
