import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchDto } from '@zikao/contract/console';
import { STAGE_LABELS, STAGES, type Stage } from '@zikao/contract/review';
import {
  Alert,
  Button,
  DatePicker,
  Divider,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Space,
  Switch,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { SideDrawer, useDialogs } from '../../../../shared/components/steady-dialogs.tsx';
import { toast } from '../../../../shared/feedback/toast.ts';
import { ApiError } from '../../../../shared/request/errors.ts';
import { batchApi, batchKeys } from '../../api/batch-api.ts';
import {
  type BatchFormValues,
  duplicateRubricLabel,
  formProblems,
  initialFormValues,
  nextRubricKey,
  type RubricRow,
  rubricWeightTotal,
  toSaveInput,
  type WindowValue,
  windowProblem,
} from './batch-form-model.ts';
import './batch.css';
import { fromBeijingWallClock, toBeijingWallClock } from '../../../../shared/utils/beijing-time.ts';

interface BatchFormDrawerProps {
  open: boolean;
  /** The batch to edit; null to create one. */
  batch: BatchDto | null;
  onClose(): void;
}

type FieldName = Array<string | number>;

/** A rule that shows the contract's own message for this field, the one the server would give. */
const problemRule = (form: FormInstance<BatchFormValues>, name: FieldName) => ({
  validator: async () => {
    const key = JSON.stringify(name);
    const problem = formProblems(form.getFieldsValue(true)).find((p) => JSON.stringify(p.name) === key);
    if (problem) throw new Error(problem.message);
  },
});

// The picker reads and writes Beijing's calendar, whatever the device's zone (beijing-time.ts).
const toPicker = (value: WindowValue) => ({
  value: value ? [dayjs(toBeijingWallClock(value[0])), dayjs(toBeijingWallClock(value[1]))] : null,
});
// Windows are whole Beijing days: from the first day's start to the last day's end.
const fromPicker = (value: [Dayjs | null, Dayjs | null] | null): WindowValue =>
  value?.[0] && value[1]
    ? [fromBeijingWallClock(value[0].startOf('day').toDate()), fromBeijingWallClock(value[1].endOf('day').toDate())]
    : null;

/** Create or edit a batch with every rule, validated as the server validates it. */
export function BatchFormDrawer({ open, batch, onClose }: BatchFormDrawerProps) {
  const [form] = Form.useForm<BatchFormValues>();
  const queryClient = useQueryClient();
  const rubric = (Form.useWatch('rubric', form) ?? []) as RubricRow[];
  const weightTotal = rubricWeightTotal(rubric);

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(initialFormValues(batch));
    }
  }, [open, batch, form]);

  const save = useMutation({
    mutationFn: (values: BatchFormValues) => batchApi.save(toSaveInput(values, batch?.id)),
    onSuccess: (saved) => {
      toast(batch ? `批次“${saved.name}”已保存` : `批次“${saved.name}”已创建`, 'success');
      void queryClient.invalidateQueries({ queryKey: batchKeys.all });
      onClose();
    },
    onError: (error) => {
      // The client has toasted it; a taken name also goes under the name field.
      if (error instanceof ApiError && error.message.includes('批次名称')) {
        form.setFields([{ name: 'name', errors: [error.message.replace(/^参数错误：/, '')] }]);
      }
    },
  });

  const [modal, modalHolder] = useDialogs();
  // Escape, the mask or 取消 must not throw away a half-filled batch without asking.
  const requestClose = () => {
    if (!form.isFieldsTouched()) {
      onClose();
      return;
    }
    modal.confirm({
      title: '放弃未保存的修改？',
      content: '关闭后，本次填写的批次规则不会保存。',
      okText: '放弃修改',
      okButtonProps: { danger: true },
      cancelText: '继续编辑',
      onOk: onClose,
    });
  };

  const submit = async () => {
    try {
      await form.validateFields({ recursive: true });
    } catch {
      return;
    }
    const values = form.getFieldsValue(true);
    const problems = formProblems(values);
    if (problems.length > 0) {
      // The model's paths are the form's own field names.
      form.setFields(
        problems.map((p) => ({ name: p.name, errors: [p.message] })) as Parameters<typeof form.setFields>[0],
      );
      return;
    }
    save.mutate(values);
  };

  return (
    <SideDrawer
      title={batch ? `编辑批次：${batch.name}` : '新建批次'}
      open={open}
      onClose={requestClose}
      size={760}
      rootClassName="console-form"
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={requestClose}>取消</Button>
          <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
            保存
          </Button>
        </Space>
      }
    >
      {modalHolder}
      {batch?.status === 'closed' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="该批次已关闭"
          description="修改规则不会重新开放提交；已关闭的批次不再接受考生提交。"
        />
      )}
      <Form<BatchFormValues> form={form} layout="vertical" requiredMark onFinish={() => void submit()}>
        <Form.Item
          name="name"
          label="批次名称"
          required
          rules={[problemRule(form, ['name'])]}
          extra="如“2026年下半年”，不能与其他批次重名"
        >
          <Input maxLength={50} showCount placeholder="请输入批次名称" />
        </Form.Item>

        <Divider titlePlacement="start">阶段时间与上传次数</Divider>
        <Typography.Paragraph type="secondary" className="batch-form-hint">
          每个阶段的开始日期不能早于上一阶段的开始日期；不设置时间窗口的阶段始终开放。上传次数至少为 1，默认 4 次。
        </Typography.Paragraph>
        <fieldset className="batch-stage-grid" aria-label="阶段时间与上传次数">
          <div className="batch-stage-head" aria-hidden="true">
            <span>阶段</span>
            <span>提交时间窗口</span>
            <span>上传次数</span>
          </div>
          {STAGES.map((stage, index) => (
            <StageRow key={stage} stage={stage} previous={STAGES.slice(0, index)} form={form} />
          ))}
        </fieldset>

        <Divider titlePlacement="start">评阅规则</Divider>
        <Space size={24} wrap align="start">
          <Form.Item
            name="plagiarismThreshold"
            label="查重阈值"
            required
            rules={[problemRule(form, ['plagiarismThreshold'])]}
            extra="查重率高于此值时提醒评阅教师"
          >
            <InputNumber step={1} suffix="%" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="minCommentLength"
            label="评语最少字数"
            required
            rules={[problemRule(form, ['minCommentLength'])]}
            extra="提交评阅时评语的最少字数"
          >
            <InputNumber step={10} suffix="字" style={{ width: 160 }} />
          </Form.Item>
        </Space>
        <Space size={48} wrap>
          <Form.Item name="blindReview" label="盲审" valuePropName="checked" extra="评阅教师看不到考生姓名和准考证号">
            <Switch />
          </Form.Item>
          <Form.Item
            name="adminCheck"
            label="管理员复核"
            valuePropName="checked"
            extra="评阅结论须经管理员复核（待复核 → 已复核）"
          >
            <Switch />
          </Form.Item>
        </Space>

        <Divider titlePlacement="start">评分细则（可选）</Divider>
        <Form.List name="rubric">
          {(fields, { add, remove }) => (
            <div className="batch-rubric">
              {fields.length === 0 ? (
                <Typography.Paragraph type="secondary">未设置评分细则时，评阅教师直接给出总分。</Typography.Paragraph>
              ) : (
                <div className="batch-rubric-head" aria-hidden="true">
                  <span>评分项</span>
                  <span>权重</span>
                  <span>满分</span>
                  <span />
                </div>
              )}
              {fields.map((field, index) => (
                <div className="batch-rubric-row" key={field.key}>
                  <Form.Item
                    name={[field.name, 'label']}
                    rules={[
                      problemRule(form, ['rubric', field.name, 'label']),
                      {
                        validator: async () => {
                          const rows = (form.getFieldValue('rubric') ?? []) as RubricRow[];
                          if (duplicateRubricLabel(rows, index)) throw new Error('评分项名称重复');
                        },
                      },
                    ]}
                  >
                    <Input aria-label={`第 ${index + 1} 项名称`} placeholder="如：选题意义" maxLength={50} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'weight']}
                    rules={[problemRule(form, ['rubric', field.name, 'weight'])]}
                  >
                    <InputNumber aria-label={`第 ${index + 1} 项权重`} style={{ width: '100%' }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'max']} rules={[problemRule(form, ['rubric', field.name, 'max'])]}>
                    <InputNumber aria-label={`第 ${index + 1} 项满分`} style={{ width: '100%' }} />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`删除第 ${index + 1} 项`}
                    onClick={() => remove(field.name)}
                  />
                </div>
              ))}
              <Space wrap>
                <Button
                  icon={<PlusOutlined />}
                  disabled={fields.length >= 20}
                  onClick={() => {
                    const rows = (form.getFieldValue('rubric') ?? []) as RubricRow[];
                    add({ key: nextRubricKey(rows), label: '', weight: null, max: 100 } satisfies RubricRow);
                  }}
                >
                  添加评分项
                </Button>
                {fields.length > 0 && (
                  <span className="batch-weight-total" aria-live="polite">
                    权重合计 <strong>{weightTotal}</strong>
                    {weightTotal !== 100 && (
                      <span className="batch-weight-hint">（建议合计 100；总分按权重折算为百分制）</span>
                    )}
                  </span>
                )}
              </Space>
            </div>
          )}
        </Form.List>
      </Form>
    </SideDrawer>
  );
}

function StageRow({ stage, previous, form }: { stage: Stage; previous: Stage[]; form: FormInstance<BatchFormValues> }) {
  const label = STAGE_LABELS[stage];
  return (
    <div className="batch-stage-row">
      <span className="batch-stage-label" id={`batch-stage-${stage}`}>
        {label}
      </span>
      <div data-testid={`window-${stage}`}>
        <Form.Item
          name={['windows', stage]}
          dependencies={previous.map((each) => ['windows', each])}
          getValueProps={toPicker}
          normalize={fromPicker}
          rules={[
            {
              validator: async () => {
                const problem = windowProblem(form.getFieldValue('windows') ?? {}, stage);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <DatePicker.RangePicker
            aria-labelledby={`batch-stage-${stage}`}
            placeholder={[`${label}开始日期`, `${label}结束日期`]}
            format="YYYY-MM-DD"
            allowClear
            style={{ width: '100%' }}
          />
        </Form.Item>
      </div>
      <Form.Item name={['uploadLimits', stage]} rules={[problemRule(form, ['uploadLimits', stage])]}>
        <InputNumber aria-label={`${label}上传次数`} style={{ width: '100%' }} />
      </Form.Item>
    </div>
  );
}
