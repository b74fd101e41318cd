import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  FileImageOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  InboxOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  COURSEWARE_ACCEPT,
  COURSEWARE_KIND_LABELS,
  COURSEWARE_LIMITS,
  COURSEWARE_STATUS_LABELS,
  type CourseDto,
  type CoursewareDto,
  type CoursewareKind,
} from '@zikao/contract/course';
import { Alert, Button, Empty, Progress, Skeleton, Space, Spin, Typography, Upload } from 'antd';
import { useState } from 'react';
import { ErrorState } from '../../../../shared/components/error-state.tsx';
import { ConfirmPopover, SideDrawer } from '../../../../shared/components/steady-dialogs.tsx';
import { type Tone, ToneTag } from '../../../../shared/components/tone-tag.tsx';
import { toast } from '../../../../shared/feedback/toast.ts';
import { formatDate } from '../../../../shared/utils/date.ts';
import { courseApi, courseKeys } from '../../api/course-api.ts';
import { fileRefusal, fileSizeText } from '../course-format.ts';
import { useUploadQueue } from '../use-upload-queue.ts';

const KIND_ICON: Record<CoursewareKind, typeof FilePdfOutlined> = {
  pdf: FilePdfOutlined,
  slides: FilePptOutlined,
  image: FileImageOutlined,
};

const STATUS_TONE: Record<CoursewareDto['status'], Tone> = { converting: 'blue', ready: 'green', failed: 'red' };

/** While a file converts, its list is asked again this often. */
const CONVERSION_POLL_MS = 2000;

/**
 * 课件 of one course, for its lecturer (or an admin): upload PDF, images and PPT/PPTX (converted
 * to PDF on the server) with progress and the conversion's state, the list in the board's order,
 * reorder and delete.
 */
export function CoursewareDrawer({ course, onClose }: { course: CourseDto; onClose(): void }) {
  const queryClient = useQueryClient();
  const [refused, setRefused] = useState<string | null>(null);
  const key = courseKeys.courseware(course.id);
  const files = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => courseApi.courseware(course.id, signal),
    refetchInterval: (query) =>
      query.state.data?.some((file) => file.status === 'converting') ? CONVERSION_POLL_MS : false,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: courseKeys.lists() });
  };
  const uploads = useUploadQueue(
    (file, onProgress, signal) => courseApi.uploadCourseware(course.id, file, onProgress, signal),
    (sent) => {
      toast(sent.status === 'failed' ? `${sent.name} 无法使用：${sent.error}` : `${sent.name} 已上传`, 'success');
      refresh();
    },
  );
  const remove = useMutation({
    mutationFn: (file: CoursewareDto) => courseApi.deleteCourseware(file.id),
    onSuccess: () => {
      toast('课件已删除', 'success');
      refresh();
    },
  });
  const sort = useMutation({
    mutationFn: (ids: number[]) => courseApi.sortCourseware(course.id, ids),
    onSuccess: (list) => {
      queryClient.setQueryData(key, list);
      void queryClient.invalidateQueries({ queryKey: courseKeys.lists() });
    },
  });

  const list = files.data ?? [];
  const full = list.length + uploads.items.length >= COURSEWARE_LIMITS.files;
  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((file) => file.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + by, 0, moved);
    sort.mutate(ids);
  };

  return (
    <SideDrawer open title={`课件 · ${course.title}`} size="min(560px, 100vw)" onClose={onClose} destroyOnHidden>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Upload.Dragger
          accept={COURSEWARE_ACCEPT}
          multiple
          showUploadList={false}
          disabled={full}
          beforeUpload={(file) => {
            const reason = fileRefusal(file, COURSEWARE_ACCEPT, COURSEWARE_LIMITS.bytes);
            setRefused(reason ? `${file.name}：${reason}` : null);
            if (!reason) uploads.add(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">点击或将课件拖到此处上传</p>
          <p className="ant-upload-hint">
            支持 PDF、PPT、PPTX 和图片（PNG、JPG、WebP），单个不超过 {COURSEWARE_LIMITS.bytes / 1024 / 1024} MB；
            演示文稿会自动转换为 PDF，每页在看板上显示为图片
          </p>
        </Upload.Dragger>
        {full && <Alert type="info" showIcon title={`每门课程最多 ${COURSEWARE_LIMITS.files} 个课件`} />}
        {refused && <Alert type="error" showIcon closable title={refused} onClose={() => setRefused(null)} />}
        {uploads.items.length > 0 && (
          <ul className="cl-uploads" aria-label="正在上传" aria-live="polite">
            {uploads.items.map((item) => (
              <li key={item.key} data-testid="courseware-upload">
                <div className="cl-upload-head">
                  <span className="cl-file-name">{item.name}</span>
                  <Button size="small" type="link" onClick={() => uploads.remove(item.key)}>
                    {item.state === 'uploading' ? '取消' : '关闭'}
                  </Button>
                </div>
                {item.state === 'failed' ? (
                  <Typography.Text type="danger">{item.error}</Typography.Text>
                ) : (
                  <Progress size="small" percent={item.percent} aria-label={`${item.name} 上传进度`} />
                )}
              </li>
            ))}
          </ul>
        )}
        {files.isPending ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : files.isError ? (
          <ErrorState variant="inline" subject="课件" error={files.error} onRetry={() => void files.refetch()} />
        ) : list.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="还没有课件。上传后，学员在看板上按这里的顺序翻看。"
          />
        ) : (
          <ol className="cl-courseware" aria-label="课件列表">
            {list.map((file, index) => {
              const Icon = KIND_ICON[file.kind];
              return (
                <li key={file.id} className="cl-courseware-item" data-testid="courseware-item">
                  <div className="cl-courseware-thumb">
                    {file.status === 'ready' && file.pages.length > 0 ? (
                      <img src={courseApi.pageUrl(file.id, 1)} alt="" loading="lazy" />
                    ) : (
                      <Icon aria-hidden />
                    )}
                  </div>
                  <div className="cl-courseware-main">
                    <span className="cl-file-name" title={file.name}>
                      {file.name}
                    </span>
                    <div className="cl-courseware-meta">
                      <ToneTag bordered={false} tone={STATUS_TONE[file.status]} testId="courseware-status">
                        {file.status === 'converting' && <Spin size="small" className="cl-tag-spin" />}
                        {COURSEWARE_STATUS_LABELS[file.status]}
                      </ToneTag>
                      <span>{COURSEWARE_KIND_LABELS[file.kind]}</span>
                      <span>{fileSizeText(file.size)}</span>
                      {file.status === 'ready' && <span>{file.pageCount} 页</span>}
                      <span>
                        {file.uploaderName} · {formatDate(file.createdAt, 'MM-DD HH:mm')}
                      </span>
                    </div>
                    {file.status === 'failed' && (
                      <Typography.Text type="danger" className="cl-courseware-error">
                        {file.error || '文件无法转换'}，请检查后重新上传
                      </Typography.Text>
                    )}
                  </div>
                  <Space size={0} className="cl-courseware-actions">
                    <Button
                      type="text"
                      size="small"
                      icon={<ArrowUpOutlined />}
                      aria-label={`上移：${file.name}`}
                      disabled={index === 0 || sort.isPending}
                      onClick={() => move(index, -1)}
                    />
                    <Button
                      type="text"
                      size="small"
                      icon={<ArrowDownOutlined />}
                      aria-label={`下移：${file.name}`}
                      disabled={index === list.length - 1 || sort.isPending}
                      onClick={() => move(index, 1)}
                    />
                    <ConfirmPopover
                      title="删除这个课件？"
                      description="删除后看板上不再显示它的页面。"
                      okText="删除"
                      okButtonProps={{ danger: true, loading: remove.isPending, className: 'cl-danger-ok' }}
                      cancelText="取消"
                      onConfirm={() => remove.mutateAsync(file).catch(() => undefined)}
                    >
                      <Button
                        type="text"
                        size="small"
                        danger
                        className="cl-danger"
                        icon={<DeleteOutlined />}
                        aria-label={`删除：${file.name}`}
                      />
                    </ConfirmPopover>
                  </Space>
                </li>
              );
            })}
          </ol>
        )}
      </Space>
    </SideDrawer>
  );
}
