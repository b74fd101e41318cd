import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import type { BoardRefusal } from './board-link-model.ts';

/** The whole board page when its link cannot open or was refused mid-class: why, and what to do. Never /login. */
export function BoardRefusalPage({ refusal, onRetry }: { refusal: BoardRefusal; onRetry?(): void }) {
  return (
    <div className="bd-page">
      <header className="bd-bar bd-bar-bare">
        <span className="bd-brand">
          <img src="/favicon.svg" alt="" />
          <span>自考在线</span>
        </span>
      </header>
      <main id="main-content" className="bd-refusal" role="alert" data-testid="board-refusal">
        <Result
          status={refusal.status}
          title={<h1 className="bd-refusal-title">{refusal.title}</h1>}
          subTitle={refusal.description}
          extra={
            refusal.retry && onRetry ? (
              <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
                重试
              </Button>
            ) : undefined
          }
        />
      </main>
    </div>
  );
}
