import { Result } from 'antd';
import { BarePage } from '../../../shared/components/bare-page.tsx';

/**
 * What an embedded app shows once its session has ended (issue 32 §1.8): the host has been told
 * (docs/embedding.md) and signs the user in again; the app shows nothing of its own login.
 */
export default function EmbeddedSignedOutScreen() {
  return (
    <BarePage>
      <Result
        status="info"
        title="登录已过期"
        subTitle="请在门户中重新登录，登录后本页面会重新打开。"
        data-testid="embedded-signed-out"
      />
    </BarePage>
  );
}
