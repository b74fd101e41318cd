import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Input, message } from 'antd';

/**
 * The review an expert had typed when their link was refused mid-visit (issue 32 §1.5): it was not
 * submitted, it is kept in this browser, and here it can be read and copied to send on.
 */
export function KeptDraft({ text, revoked }: { text: string; revoked: boolean }) {
  const [toast, holder] = message.useMessage();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      void toast.success('已复制评阅内容');
    } catch {
      void toast.warning('无法自动复制，请选中下面的文字后手动复制');
    }
  };
  return (
    <section className="lr-kept" aria-label="您填写的评阅内容" data-testid="kept-draft">
      {holder}
      <Alert
        type="warning"
        showIcon
        title={revoked ? '链接已被撤销，您的评阅没有提交' : '链接已失效，您的评阅没有提交'}
        description="您在本页填写的内容仍保存在本浏览器中，如下所示。请复制留存，并联系发送链接的管理员。"
      />
      <Input.TextArea
        className="lr-kept-text"
        aria-label="已保存的评阅内容"
        value={text}
        readOnly
        autoSize={{ minRows: 4, maxRows: 14 }}
      />
      <Button icon={<CopyOutlined />} onClick={() => void copy()}>
        复制评阅内容
      </Button>
    </section>
  );
}
