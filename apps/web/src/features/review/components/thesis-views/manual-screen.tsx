import { Anchor, Card, Col, Row, Typography } from 'antd';
import { Page } from '../../../../shared/components/page.tsx';

const SECTIONS = [
  {
    id: 'login',
    title: '一、登录与账号',
    body: [
      '评阅教师使用手机号登录，可选择“短信登录”或“密码登录”。短信登录需先输入图形验证码，再获取短信验证码，同一手机号 60 秒内只能获取一次。',
      '首次登录或密码被重置后，系统会要求先修改密码。新密码须为 8–32 位，同时包含字母和数字。',
      '右上角头像菜单中可以随时修改密码或退出登录。长时间未操作会话过期后，系统会回到登录页，登录后自动返回原页面。',
    ],
  },
  {
    id: 'menu',
    title: '二、菜单与页面',
    body: [
      '左侧菜单由系统按账号角色下发：评阅教师可见“论文批注”“论文计划”“评阅历史”“数据统计”和“教学中心”。',
      '点击左上角按钮可收起或展开侧边栏，设置会被记住。在窄屏设备上菜单以抽屉形式出现。',
      '列表页（如“批注选题”）在进入详情后返回时，会保留原来的搜索条件、页码和滚动位置。',
    ],
  },
  {
    id: 'review',
    title: '三、评阅流程',
    body: [
      '评阅按阶段进行：选题 → 论文计划 → 论文初稿 → 定稿，未通过定稿的考生进入复试。每个阶段的结论为“通过 / 退回修改 / 不通过”，定稿与复试另给 0–100 分及等级。',
      '批注工作台、常用批注语、评阅表单与导出功能将随后续版本陆续开放，届时本手册会同步更新。',
    ],
  },
  {
    id: 'help',
    title: '四、常见问题',
    body: [
      '收不到短信验证码：请确认手机号无误，60 秒后可重新获取；多次失败请联系考办管理员。',
      '页面提示“网络连接异常，请稍后再试”：请检查网络后刷新页面。',
      '版本信息可在“/version”页面查看，反馈问题时请一并提供。',
    ],
  },
];

export default function ManualScreen() {
  return (
    <Page>
      <Row gutter={16}>
        <Col xs={24} lg={18}>
          <Card variant="borderless">
            <Typography>
              {SECTIONS.map((section) => (
                <section key={section.id} id={`manual-${section.id}`}>
                  <Typography.Title level={3} style={{ fontSize: 18 }}>
                    {section.title}
                  </Typography.Title>
                  {section.body.map((text) => (
                    <Typography.Paragraph key={text}>{text}</Typography.Paragraph>
                  ))}
                </section>
              ))}
            </Typography>
          </Card>
        </Col>
        <Col xs={0} lg={6}>
          <Anchor
            offsetTop={16}
            items={SECTIONS.map((section) => ({
              key: section.id,
              href: `#manual-${section.id}`,
              title: section.title,
            }))}
          />
        </Col>
      </Row>
    </Page>
  );
}
