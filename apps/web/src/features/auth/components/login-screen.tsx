import { Card, Tabs, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { LOGIN_PATH, STUDENT_LOGIN_PATH } from '../../../shared/routing/paths.ts';
import type { Side } from '../../../shared/stores/session-persistence.ts';
import { PasswordLoginForm } from './password-login-form.tsx';
import { SmsLoginForm } from './sms-login-form.tsx';
import './login.css';

const COPY: Record<Side, { heading: string; switchText: string; switchTo: string }> = {
  teacher: { heading: '教师登录', switchText: '我是考生，前往考生登录', switchTo: STUDENT_LOGIN_PATH },
  student: { heading: '考生登录', switchText: '我是教师，前往教师登录', switchTo: LOGIN_PATH },
};

const FEATURES = [
  '选题、计划、初稿、定稿与复试全流程评阅',
  '在线批注，修改稿批注自动对照',
  '直播课程、批注练习与通知公告',
];

/** The login screen (seed 2): SMS and password tabs; teachers and students each on their own path. */
export function LoginScreen({ side }: { side: Side }) {
  const [params] = useSearchParams();
  const copy = COPY[side];
  const redirect = params.get('redirect');
  const switchTo = redirect ? `${copy.switchTo}?redirect=${encodeURIComponent(redirect)}` : copy.switchTo;
  return (
    <div className="login-page">
      <aside className="login-hero" aria-label="产品介绍">
        <div className="login-brand">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <span>自考在线</span>
        </div>
        <p className="login-tagline">自学考试毕业论文评阅平台</p>
        <ul>
          {FEATURES.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </aside>
      <main className="login-main">
        <Card className="login-card" variant="borderless">
          <h1 className="login-title">{copy.heading}</h1>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            使用手机号登录自考在线
          </Typography.Paragraph>
          <Tabs
            defaultActiveKey="sms"
            items={[
              { key: 'sms', label: '短信登录', children: <SmsLoginForm side={side} /> },
              { key: 'password', label: '密码登录', children: <PasswordLoginForm side={side} /> },
            ]}
          />
          <div className="login-links">
            <Link to={switchTo}>{copy.switchText}</Link>
            <Link to="/version">版本信息</Link>
          </div>
        </Card>
        <footer className="login-footer">© 2026 自考在线 · 自学考试毕业论文评阅平台</footer>
      </main>
    </div>
  );
}
