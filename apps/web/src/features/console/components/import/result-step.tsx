import type { ImportResult } from '@zikao/contract/student-import';
import { Button, Card, Result } from 'antd';

/** Step 3: what was imported and what was skipped. */
export function ResultStep({ result, onRestart }: { result: ImportResult; onRestart(): void }) {
  return (
    <Card>
      <Result
        status="success"
        title="导入成功"
        subTitle={
          <span data-testid="import-result">
            已导入 {result.imported} 名考生（新建账号 {result.createdStudents} 个）
            {result.skipped > 0 ? `，跳过 ${result.skipped} 行错误数据` : ''}。考生可使用手机号通过短信验证码登录。
          </span>
        }
        extra={
          <Button type="primary" onClick={onRestart}>
            继续导入
          </Button>
        }
      />
    </Card>
  );
}
