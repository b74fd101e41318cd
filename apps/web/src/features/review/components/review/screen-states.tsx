import { Skeleton } from 'antd';

/** The review screen's shape while its detail loads: header, document, form panel. */
export function ReviewSkeleton() {
  return (
    <div role="status" aria-label="正在加载论文" className="rv-skeleton">
      <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 1, width: '70%' }} />
      <div className="rv-skeleton-body">
        <div className="rv-skeleton-doc">
          <Skeleton active title={false} paragraph={{ rows: 14 }} />
        </div>
        <div className="rv-skeleton-panel">
          <Skeleton active paragraph={{ rows: 8 }} />
        </div>
      </div>
    </div>
  );
}
