import { UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Col, Descriptions, Row, Space, Typography } from 'antd';
import { ComingSoon } from '../../../shared/components/coming-soon.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { useSessionStore } from '../../../shared/stores/session-store.ts';

/** Practice: searchable list, submit history and the user info card (seed 2). */
export default function PracticeListScreen() {
  const name = useSessionStore((state) => state.name);
  const headUrl = useSessionStore((state) => state.headUrl);
  const schoolName = useSessionStore((state) => state.schoolName);
  return (
    <Page>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={17}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card title="练习论文" variant="borderless">
              <ComingSoon description="专家已批注的练习论文，可按标题搜索；完成批注后提交，系统按参考批注自动评分。" />
            </Card>
            <Card title="提交记录" variant="borderless">
              <ComingSoon description="历次练习的提交时间、命中要点、查准率、查全率与得分。" />
            </Card>
          </Space>
        </Col>
        <Col xs={24} xl={7}>
          <Card variant="borderless">
            <Space align="center" size={12} style={{ marginBottom: 16 }}>
              <Avatar size={48} src={headUrl || undefined} icon={headUrl ? undefined : <UserOutlined />} alt="" />
              <div>
                <Typography.Text strong>{name || '—'}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{schoolName || '未设置学校'}</Typography.Text>
              </div>
            </Space>
            <Descriptions column={1} size="small">
              <Descriptions.Item label="练习次数">—</Descriptions.Item>
              <Descriptions.Item label="平均得分">—</Descriptions.Item>
              <Descriptions.Item label="最高得分">—</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>
    </Page>
  );
}
