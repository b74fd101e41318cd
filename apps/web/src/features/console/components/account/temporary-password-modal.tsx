import type { TemporaryPasswordResult } from '@zikao/contract/console';
import { Alert, Descriptions, Typography } from 'antd';
import { Dialog } from '../../../../shared/components/steady-dialogs.tsx';

interface TemporaryPasswordModalProps {
  /** What to show, with why: a new account or a reset. */
  result: (TemporaryPasswordResult & { reason: 'created' | 'reset' }) | null;
  onClose(): void;
}

/** Shows a temporary password once; the server keeps only its hash. */
export function TemporaryPasswordModal({ result, onClose }: TemporaryPasswordModalProps) {
  return (
    <Dialog
      open={result !== null}
      title={result?.reason === 'created' ? '账号已创建' : '密码已重置'}
      onOk={onClose}
      onCancel={onClose}
      okText="我已记下"
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
      destroyOnHidden
    >
      {result && (
        <>
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title="临时密码只显示这一次"
            description={
              result.reason === 'created'
                ? '请复制后告知本人。首次登录须修改密码。'
                : '请复制后告知本人。首次登录须修改密码；该账号已在所有设备上退出登录。'
            }
          />
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="姓名">{result.account.name}</Descriptions.Item>
            <Descriptions.Item label="登录账号">{result.account.account}</Descriptions.Item>
            <Descriptions.Item label="临时密码">
              <Typography.Text
                code
                style={{ fontSize: 16 }}
                copyable={{ text: result.temporaryPassword, tooltips: ['复制', '已复制'] }}
                data-testid="temporary-password"
              >
                {result.temporaryPassword}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Dialog>
  );
}
