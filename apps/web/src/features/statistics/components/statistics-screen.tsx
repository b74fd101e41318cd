import { Card, Col, Row, Statistic } from 'antd';
import { ComingSoon } from '../../../shared/components/coming-soon.tsx';
import { Page } from '../../../shared/components/page.tsx';

const CARDS = ['待评阅', '已评阅', '通过率', '平均分', '评阅用时中位数'];

export default function StatisticsScreen() {
  return (
    <Page>
      <Row gutter={[16, 16]}>
        {CARDS.map((title) => (
          <Col key={title} xs={12} md={8} xl={4}>
            <Card variant="borderless">
              <Statistic title={title} value="—" />
            </Card>
          </Col>
        ))}
      </Row>
      <ComingSoon description="按批次、阶段、日期范围统计评阅量、结论分布、成绩分布与各评阅教师工作量，并可导出 Excel。" />
    </Page>
  );
}
