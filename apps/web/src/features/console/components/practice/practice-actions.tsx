import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsolePracticeThesisDto } from '@zikao/contract/practice';
import { Button } from 'antd';
import { ConfirmPopover } from '../../../../shared/components/steady-dialogs.tsx';
import { toast } from '../../../../shared/feedback/toast.ts';
import { consolePracticeApi, consolePracticeKeys } from './practice-api.ts';

/** 发布 or 撤回 a revision, each behind a confirmation that says what it does. */
export function PublishToggle({
  thesis,
  size,
  referenceCount = thesis.referenceCount,
}: {
  thesis: ConsolePracticeThesisDto;
  size?: 'small' | 'middle';
  /** The count the screen sees now (the workspace's), when newer than the thesis's. */
  referenceCount?: number;
}) {
  const queryClient = useQueryClient();
  const publishing = thesis.status !== 'published';
  const change = useMutation({
    mutationFn: () => (publishing ? consolePracticeApi.publish(thesis.id) : consolePracticeApi.withdraw(thesis.id)),
    onSuccess: () => {
      toast(publishing ? '已发布，练习者现在可以练习这篇论文' : '已撤回，练习记录仍然保留', 'success');
      void queryClient.invalidateQueries({ queryKey: consolePracticeKeys.all });
    },
  });
  return (
    <ConfirmPopover
      title={publishing ? '发布这篇练习论文？' : '撤回这篇练习论文？'}
      description={
        publishing
          ? referenceCount === 0
            ? '还没有参考批注：请先在文档上添加参考要点。'
            : `共 ${referenceCount} 个参考要点。发布后练习者即可开始练习；有人练习后参考要点不能再改，只能新建修订版。${thesis.revision > 1 ? '同一论文之前发布的版本会自动撤回。' : ''}`
          : '撤回后练习列表中不再出现这篇论文，已有的练习记录和成绩保留。'
      }
      okText={publishing ? '发布' : '撤回'}
      cancelText="取消"
      okButtonProps={{ loading: change.isPending, disabled: publishing && referenceCount === 0 }}
      onConfirm={() => change.mutateAsync().catch(() => undefined)}
    >
      <Button
        type={publishing ? 'primary' : 'default'}
        size={size}
        aria-label={`${publishing ? '发布' : '撤回'}：${thesis.title}`}
      >
        {publishing ? '发布' : '撤回'}
      </Button>
    </ConfirmPopover>
  );
}
