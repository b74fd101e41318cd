import { NotificationOutlined } from '@ant-design/icons';
import { Role } from '@zikao/contract/roles';
import { Button } from 'antd';
import { useState } from 'react';
import { Page } from '../../../shared/components/page.tsx';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { NoticeList } from './notice-list.tsx';
import { PublishNoticeDialog } from './publish-notice-dialog.tsx';

/** The teacher-side notice page (/notice); admins also publish and delete announcements here. */
export default function NoticeScreen() {
  const isAdmin = useSessionStore((state) => state.userRole) === Role.admin;
  const [publishing, setPublishing] = useState(false);
  return (
    <Page
      extra={
        isAdmin ? (
          <Button type="primary" icon={<NotificationOutlined />} onClick={() => setPublishing(true)}>
            发布通知
          </Button>
        ) : null
      }
    >
      <NoticeList showAudience={isAdmin} />
      {isAdmin ? <PublishNoticeDialog open={publishing} onClose={() => setPublishing(false)} /> : null}
    </Page>
  );
}
