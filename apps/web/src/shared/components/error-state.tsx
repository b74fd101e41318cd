import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Result, Space } from 'antd';
import type { CSSProperties } from 'react';
import { BackButton } from './back-button.tsx';
import { loadErrorText } from './error-state-text.ts';

const RESULT_STATUS = { forbidden: '403', notFound: '404', failed: 'error' } as const;

export interface ErrorStateProps {
  /** What was being loaded, e.g. 论文, 文档, 审计日志: 论文加载失败, 无权查看该论文, 论文不存在. */
  subject: string;
  /** The failure; an `ApiError` 1030003 reads as 403 and 1040001 as 404. Its message is the reason given. */
  error?: unknown;
  /** The reason shown for a failure in place of the error's message (not for 403 or 404). */
  description?: string;
  /** Loads it again; offered as 重试 on a failure, never on 403 or 404, which a retry cannot mend. */
  onRetry?(): void;
  /** Adds 返回 (one step back in the history) to a page. */
  back?: boolean;
  /** page: the whole screen's content (a result with its icon); inline: a bar above a list. */
  variant?: 'page' | 'inline';
  style?: CSSProperties;
}

/** Something did not load: what, why, and what the person can do (重试, 返回). The one error state of the app. */
export function ErrorState({ subject, error, description, onRetry, back, variant = 'page', style }: ErrorStateProps) {
  const text = loadErrorText(error, subject, description);
  const retry = text.kind === 'failed' ? onRetry : undefined;
  if (variant === 'inline') {
    return (
      <Alert
        type="error"
        showIcon
        title={text.title}
        description={text.description}
        action={retry ? <Button onClick={retry}>重试</Button> : undefined}
        style={style}
      />
    );
  }
  return (
    // A page's error is announced as the alert bar of a list is.
    <div role="alert" style={style}>
      <Result
        status={RESULT_STATUS[text.kind]}
        title={text.title}
        subTitle={text.description}
        extra={
          retry || back ? (
            <Space wrap>
              {retry && (
                <Button type="primary" icon={<ReloadOutlined />} onClick={retry}>
                  重试
                </Button>
              )}
              {back && <BackButton />}
            </Space>
          ) : undefined
        }
      />
    </div>
  );
}
