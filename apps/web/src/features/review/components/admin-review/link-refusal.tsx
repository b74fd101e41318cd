import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import type { Refusal } from './link-page-model.ts';

/** The whole page when a review link cannot open: why, and what to do; never a way to /login. */
export function LinkRefusal({
  refusal,
  onRetry,
  children,
}: {
  refusal: Refusal;
  onRetry?(): void;
  /** Below the message: what the expert had typed, when the link was refused mid-visit. */
  children?: ReactNode;
}) {
  return (
    <div role="alert" className="lr-refusal" data-testid="link-refusal">
      <Result
        status={refusal.status}
        title={refusal.title}
        subTitle={refusal.description}
        extra={
          refusal.retry && onRetry ? (
            <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
              重试
            </Button>
          ) : undefined
        }
      />
      {children}
    </div>
  );
}
