import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COURSE_MAX_DURATION_MS, type CourseDto } from '@zikao/contract/course';
import { Button, DatePicker, Form, type FormInstance, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { SideDrawer, useDialogs } from '../../../../shared/components/steady-dialogs.tsx';
import { toast } from '../../../../shared/feedback/toast.ts';
import { fromBeijingWallClock, toBeijingWallClock } from '../../../../shared/utils/beijing-time.ts';
import { courseConsoleApi, courseConsoleKeys } from './course-console-api.ts';
import { type CourseFormValues, courseFormProblems, initialCourseValues, toCourseInput } from './course-form-model.ts';

interface CourseFormDrawerProps {
  open: boolean;
  /** The course to edit; null to create one. */
  course: CourseDto | null;
  onClose(): void;
}

/** A rule that shows the contract's own message for this field, the one the server would give. */
const problemRule = (form: FormInstance<CourseFormValues>, name: keyof CourseFormValues) => ({
  validator: async () => {
    const problem = courseFormProblems(form.getFieldsValue(true)).find((p) => p.name === name);
    if (problem) throw new Error(problem.message);
  },
});

// The picker reads and writes Beijing's wall clock, whatever the device's zone (beijing-time.ts).
const toPicker = (value: [number, number] | null) => ({
  value: value ? [dayjs(toBeijingWallClock(value[0])), dayjs(toBeijingWallClock(value[1]))] : null,
});
const fromPicker = (value: [Dayjs | null, Dayjs | null] | null) =>
  value?.[0] && value[1]
    ? [
        fromBeijingWallClock(value[0].startOf('minute').toDate()),
        fromBeijingWallClock(value[1].startOf('minute').toDate()),
      ]
    : null;

/** 新建课程 / 编辑课程: title, lecturer, schedule, batches or majors, the streaming and playback addresses. */
export function CourseFormDrawer({ open, course, onClose }: CourseFormDrawerProps) {
  const [form] = Form.useForm<CourseFormValues>();
  const queryClient = useQueryClient();
  const options = useQuery({
    queryKey: courseConsoleKeys.options(),
    queryFn: ({ signal }) => courseConsoleApi.options(signal),
    enabled: open,
  });

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(initialCourseValues(course));
    }
  }, [open, course, form]);

  const save = useMutation({
    mutationFn: (values: CourseFormValues) => {
      const input = toCourseInput(values);
      return course ? courseConsoleApi.update({ ...input, id: course.id }) : courseConsoleApi.create(input);
    },
    onSuccess: (saved) => {
      toast(course ? `课程“${saved.title}”已保存` : `课程“${saved.title}”已创建`, 'success');
      void queryClient.invalidateQueries({ queryKey: courseConsoleKeys.all });
      onClose();
    },
  });

  const [modal, modalHolder] = useDialogs();
  const requestClose = () => {
    if (!form.isFieldsTouched()) {
      onClose();
      return;
    }
    modal.confirm({
      title: '放弃未保存的修改？',
      content: '关闭后，本次填写的课程信息不会保存。',
      okText: '放弃修改',
      okButtonProps: { danger: true },
      cancelText: '继续编辑',
      onOk: onClose,
    });
  };

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    save.mutate(form.getFieldsValue(true));
  };

  // The lecturer of a course being edited stays choosable even if disabled since.
  const lecturers = options.data?.lecturers ?? [];
  const lecturerOptions = [
    ...lecturers.map((person) => ({ value: person.id, label: `${person.name}（${person.account}）` })),
    ...(course && !lecturers.some((person) => person.id === course.lecturerId)
      ? [{ value: course.lecturerId, label: course.lecturerName }]
      : []),
  ];
  const batchOptions = [
    ...(options.data?.batches ?? []).map((batch) => ({ value: batch.id, label: batch.name })),
    ...(course?.batches ?? [])
      .filter((batch) => !(options.data?.batches ?? []).some((known) => known.id === batch.id))
      .map((batch) => ({ value: batch.id, label: batch.name })),
  ];

  return (
    <SideDrawer
      title={course ? `编辑课程：${course.title}` : '新建课程'}
      open={open}
      onClose={requestClose}
      size="min(640px, 100vw)"
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
      <Form<CourseFormValues> form={form} layout="vertical" requiredMark onFinish={() => void submit()}>
        <Form.Item name="title" label="课程名称" required rules={[problemRule(form, 'title')]}>
          <Input maxLength={100} showCount placeholder="如：毕业论文写作方法" />
        </Form.Item>
        <Form.Item name="lecturerId" label="主讲教师" required rules={[problemRule(form, 'lecturerId')]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="选择教师账号"
            loading={options.isPending}
            options={lecturerOptions}
            notFoundContent={options.isPending ? '加载中…' : '没有可选的教师账号'}
          />
        </Form.Item>
        <Form.Item
          name="schedule"
          label="上课时间"
          htmlFor="cc-schedule-start"
          required
          getValueProps={toPicker}
          normalize={fromPicker}
          rules={[problemRule(form, 'schedule')]}
          extra={`结束时间须晚于开始时间，单次课程不超过 ${COURSE_MAX_DURATION_MS / 3_600_000} 小时`}
        >
          <DatePicker.RangePicker
            id={{ start: 'cc-schedule-start', end: 'cc-schedule-end' }}
            showTime={{ format: 'HH:mm', minuteStep: 5 }}
            format="YYYY-MM-DD HH:mm"
            placeholder={['开始时间', '结束时间']}
            style={{ width: '100%' }}
          />
        </Form.Item>
        {/* The range's second box needs a name of its own. */}
        <label htmlFor="cc-schedule-end" className="cc-visually-hidden">
          上课结束时间
        </label>
        <Form.Item
          name="batchIds"
          label="面向批次"
          dependencies={['majors']}
          rules={[problemRule(form, 'batchIds')]}
          extra="批次和专业至少选一项；考生属于所选批次或专业时，课程出现在他的“课程”页"
        >
          <Select
            mode="multiple"
            allowClear
            placeholder="选择批次"
            loading={options.isPending}
            options={batchOptions}
            optionFilterProp="label"
          />
        </Form.Item>
        <Form.Item name="majors" label="面向专业" dependencies={['batchIds']}>
          <Select
            mode="tags"
            allowClear
            placeholder="选择或输入专业名称"
            options={(options.data?.majors ?? []).map((major) => ({ value: major, label: major }))}
            onChange={() => void form.validateFields(['batchIds']).catch(() => undefined)}
          />
        </Form.Item>
        <Form.Item
          name="streamUrl"
          label="直播地址"
          rules={[problemRule(form, 'streamUrl')]}
          extra="从直播平台复制的观看地址，可留空由主讲教师稍后填写"
        >
          <Input placeholder="https://" maxLength={500} />
        </Form.Item>
        <Form.Item name="playbackUrl" label="回放地址" rules={[problemRule(form, 'playbackUrl')]}>
          <Input placeholder="https://" maxLength={500} />
        </Form.Item>
        <Form.Item name="description" label="课程简介" rules={[problemRule(form, 'description')]}>
          <Input.TextArea rows={3} maxLength={1000} showCount placeholder="选填" />
        </Form.Item>
      </Form>
    </SideDrawer>
  );
}
