import type { MenuItem } from '@zikao/contract/auth';
import { Card, Col, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { menuIcon } from '../../../shared/components/menu-icons.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { usePermissionStore } from '../../../shared/stores/permission-store.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';

const DESCRIPTIONS: Record<string, string> = {
  StudentThesis: '提交与修改论文，查看评阅结论、成绩与批注',
  StudentTopic: '提交选题，查看选题评阅意见',
  StudentCourse: '参加直播课程，观看回放',
  StudentExam: '查看考试安排与成绩',
  StudentCertificate: '查看毕业与证书办理进度',
};

function leaves(items: readonly MenuItem[]): MenuItem[] {
  return items
    .flatMap((item) => (item.children?.length ? leaves(item.children) : [item]))
    .filter((item) => !item.hidden);
}

/** The student home: the candidate's menu as cards. */
export default function StudentHomeScreen() {
  const menu = usePermissionStore((state) => state.routes);
  const name = useSessionStore((state) => state.name);
  const majorName = useSessionStore((state) => state.majorName);
  const items = leaves(menu);
  return (
    <Page>
      <Card variant="borderless">
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          {name ? `${name}，您好` : '您好'}
        </Typography.Title>
        <Typography.Text type="secondary">{majorName ? `报考专业：${majorName}` : '欢迎使用自考在线'}</Typography.Text>
      </Card>
      <Row gutter={[16, 16]}>
        {items.map((item) => (
          <Col key={item.name} xs={24} sm={12} lg={8}>
            <Link to={item.path}>
              <Card hoverable variant="borderless">
                <Card.Meta
                  avatar={
                    <span aria-hidden="true" style={{ fontSize: 28, color: '#1d4ed8' }}>
                      {menuIcon(item.icon)}
                    </span>
                  }
                  title={item.title}
                  description={DESCRIPTIONS[item.name] ?? ''}
                />
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </Page>
  );
}
