import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CourseDto } from '@zikao/contract/course';
import { Form, Input } from 'antd';
import { Dialog } from '../../../../shared/components/steady-dialogs.tsx';
import { toast } from '../../../../shared/feedback/toast.ts';
import { courseApi, courseKeys } from '../../api/course-api.ts';
import { httpUrlRule } from '../url-rule.ts';

interface Values {
  streamUrl: string;
  playbackUrl: string;
}

/** 直播地址: the lecturer pastes the streaming and playback addresses from the streaming service. */
export function CourseLinksDialog({ course, onClose }: { course: CourseDto; onClose(): void }) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (values: Values) => courseApi.links(course.id, values.streamUrl.trim(), values.playbackUrl.trim()),
    onSuccess: () => {
      toast('直播地址已保存', 'success');
      void queryClient.invalidateQueries({ queryKey: courseKeys.lists() });
      onClose();
    },
  });
  return (
    <Dialog
      open
      title={`直播与回放地址 · ${course.title}`}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ streamUrl: course.streamUrl, playbackUrl: course.playbackUrl }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="streamUrl"
          label="直播地址"
          extra="从直播平台复制的观看地址，直播中的课程在学员的课程页显示“观看直播”"
          rules={[httpUrlRule]}
        >
          <Input placeholder="https://" maxLength={500} />
        </Form.Item>
        <Form.Item name="playbackUrl" label="回放地址" extra="课程结束后显示给学员" rules={[httpUrlRule]}>
          <Input placeholder="https://" maxLength={500} />
        </Form.Item>
      </Form>
    </Dialog>
  );
}
