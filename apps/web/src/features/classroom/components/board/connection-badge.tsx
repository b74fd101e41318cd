import { Badge } from 'antd';

/** The board's WebSocket, as the person sees it. */
export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'closed';

const LABELS: Record<ConnectionState, string> = {
  connecting: '连接中…',
  open: '已连接',
  reconnecting: '重新连接中…',
  closed: '已断开',
};

const STATUS = {
  connecting: 'processing',
  open: 'success',
  reconnecting: 'warning',
  closed: 'error',
} as const;

/** 已连接 / 重新连接中… / 已断开, with the seconds until the next attempt while waiting. */
export function ConnectionBadge({ state, retryInSeconds }: { state: ConnectionState; retryInSeconds?: number | null }) {
  const wait = state === 'reconnecting' && retryInSeconds ? `（${retryInSeconds} 秒后重试）` : '';
  return (
    <span className="bd-connection" role="status" aria-live="polite" data-testid="board-connection" data-state={state}>
      <Badge status={STATUS[state]} text={`${LABELS[state]}${wait}`} />
    </span>
  );
}
