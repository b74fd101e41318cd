import { CopyOutlined } from '@ant-design/icons';
import type { InputRef } from 'antd';
import { Button, Input, Space, Typography } from 'antd';
import { useId, useRef } from 'react';
import { Dialog } from '../../../../shared/components/steady-dialogs.tsx';
import { toast } from '../../../../shared/feedback/toast.ts';
import { formatDate } from '../../../../shared/utils/date.ts';
import { copyToClipboard } from './board-links.ts';

/** Shown when the clipboard refused the 学员链接: the link to copy by hand. */
export function ViewerLinkDialog({
  title,
  address,
  expiresAt,
  onClose,
}: {
  title: string;
  address: string;
  expiresAt: number;
  onClose(): void;
}) {
  const fieldId = useId();
  const field = useRef<InputRef>(null);
  const copy = async () => {
    field.current?.select();
    if ((await copyToClipboard(address)) || document.execCommand('copy')) toast('学员链接已复制', 'success');
    else toast('请选中链接后按 Ctrl+C 复制', 'warning');
  };
  return (
    <Dialog open title={`学员链接 · ${title}`} onCancel={onClose} footer={<Button onClick={onClose}>关闭</Button>}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <label htmlFor={fieldId}>把链接发给学员，打开即可进入课堂（无需登录）</label>
        <Space.Compact style={{ width: '100%' }}>
          <Input id={fieldId} ref={field} readOnly value={address} onFocus={(event) => event.target.select()} />
          <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()}>
            复制
          </Button>
        </Space.Compact>
        <Typography.Text type="secondary">有效期至 {formatDate(expiresAt, 'YYYY-MM-DD HH:mm')}</Typography.Text>
      </Space>
    </Dialog>
  );
}
