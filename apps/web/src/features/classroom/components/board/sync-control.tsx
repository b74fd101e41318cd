import { AimOutlined } from '@ant-design/icons';
import { Button, Switch, Tooltip } from 'antd';

/**
 * The presenter's 同步: while on, every viewer follows this screen's page and zoom. Off, the
 * presenter can prepare the next page privately.
 */
export function PresenterSync({
  on,
  onChange,
  disabled,
}: {
  on: boolean;
  onChange(on: boolean): void;
  disabled?: boolean;
}) {
  return (
    <Tooltip title={on ? '学员正跟随你的翻页和缩放' : '学员可自由翻看，不跟随你的操作'}>
      <span className="bd-sync">
        <Switch checked={on} onChange={onChange} disabled={disabled} aria-label="同步" data-testid="board-sync" />
        <span aria-hidden>同步</span>
        <span className="bd-sync-hint">{on ? '学员跟随中' : '未同步'}</span>
      </span>
    </Tooltip>
  );
}

/** A viewer's side of 同步: follow the presenter, or look around alone. */
export function ViewerFollow({
  sync,
  following,
  onFollow,
}: {
  /** The presenter broadcasts. */
  sync: boolean;
  following: boolean;
  onFollow(on: boolean): void;
}) {
  return (
    <span className="bd-sync">
      <Switch checked={following} onChange={onFollow} aria-label="跟随老师" data-testid="board-follow" />
      <span aria-hidden>跟随老师</span>
      <span className="bd-sync-hint" data-testid="board-sync-state">
        {sync ? (following ? '同步中' : '已暂停跟随') : '老师未开启同步'}
      </span>
    </span>
  );
}

/** Above the page while a viewer has wandered off the presenter's page: where the class is, and the way back. */
export function AwayBanner({ presenterPage, onBack }: { presenterPage: number; onBack(): void }) {
  return (
    <div className="bd-banner bd-away" role="status" data-testid="board-away">
      <span>你正在自由翻看，老师在第 {presenterPage} 页</span>
      <Button size="small" type="primary" icon={<AimOutlined />} onClick={onBack}>
        回到老师的页面
      </Button>
    </div>
  );
}
