import { Link, useSearchParams } from 'react-router';
import { LOGIN_PATH, STUDENT_LOGIN_PATH } from '../../../shared/routing/paths.ts';
import type { Side } from '../../../shared/stores/session-persistence.ts';
import { LoginTabs } from './login-tabs.tsx';
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
        <section className="login-card" aria-labelledby="login-title">
          <h1 className="login-title" id="login-title">
            {copy.heading}
          </h1>
          <p className="login-subtitle">使用手机号登录自考在线</p>
          <LoginTabs
            tabs={[
              { key: 'sms', label: '短信登录', content: <SmsLoginForm side={side} /> },
              { key: 'password', label: '密码登录', content: <PasswordLoginForm side={side} /> },
            ]}
          />
          <div className="login-links">
            <Link to={switchTo}>{copy.switchText}</Link>
            <Link to="/version">版本信息</Link>
          </div>
        </section>
        <footer className="login-footer">© 2026 自考在线 · 自学考试毕业论文评阅平台</footer>
      </main>
    </div>
  );
}
