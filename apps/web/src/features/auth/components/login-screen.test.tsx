// The sign-in forms alone, in a DOM, with the API answered in the contract's envelope. The
// browser suite (e2e/tests/login.test.ts) keeps the journeys against the real server.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { afterEach, describe, it } from 'node:test';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode } from '@zikao/contract/errors';
import { ApiPath } from '@zikao/contract/paths';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { fakeApi } from '../../../test/fake-api.ts';
import { LoginScreen } from './login-screen.tsx';

const PHONE = '13800000002';

function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{location.pathname}</p>;
}

/** The teacher's /login, as the router shows it; a page's remount is what a reload does to it. */
function showLogin() {
  return render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginScreen side="teacher" />} />
        <Route path="*" element={<Elsewhere />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** Each captcha the server would give: a new id and its picture. */
function captchas() {
  let served = 0;
  return () => {
    served += 1;
    return {
      data: {
        captchaId: `captcha-${served}`,
        svg: `<svg xmlns="http://www.w3.org/2000/svg"><text>${served}</text></svg>`,
      },
    };
  };
}

const smsPanel = () => within(screen.getByRole('tabpanel', { name: '短信登录' }));

describe('the login screen’s forms', () => {
  let api: ReturnType<typeof fakeApi> | undefined;
  afterEach(() => {
    api?.restore();
    api = undefined;
  });

  it('validates the phone number before asking for a code', async () => {
    api = fakeApi({
      [`GET ${ApiPath.captcha}`]: captchas(),
      [`POST ${ApiPath.sendSmsCode}`]: () => ({ data: null }),
    });
    const user = userEvent.setup();
    showLogin();
    const panel = smsPanel();
    await user.type(panel.getByLabelText('手机号'), '12345');
    // Everything else is filled in: the phone number alone holds the code back.
    await panel.findByAltText('图形验证码');
    await user.type(panel.getByLabelText('图形验证码', { exact: true }), 'ab12');
    await user.click(panel.getByRole('button', { name: '获取验证码' }));
    await panel.findByText('手机号格式不正确');
    assert.deepEqual(
      api.calls.filter((call) => call.path === ApiPath.sendSmsCode),
      [],
      'no code is asked for',
    );
  });

  it('refreshes the captcha on a click, sends the code, and the countdown survives a reload', async () => {
    api = fakeApi({
      [`GET ${ApiPath.captcha}`]: captchas(),
      [`POST ${ApiPath.sendSmsCode}`]: () => ({ data: null }),
    });
    const user = userEvent.setup();
    const page = showLogin();
    const panel = smsPanel();
    await user.type(panel.getByLabelText('手机号'), PHONE);
    const image = await panel.findByAltText('图形验证码');
    const firstId = image.getAttribute('data-captcha-id');
    assert.equal(firstId, 'captcha-1', '图形验证码加载');
    await user.click(screen.getByTestId('captcha-refresh'));
    await waitFor(() =>
      assert.equal(panel.getByAltText('图形验证码').getAttribute('data-captcha-id'), 'captcha-2', '点击刷新图形验证码'),
    );
    await user.type(panel.getByLabelText('图形验证码', { exact: true }), 'ab12');
    await user.click(panel.getByRole('button', { name: '获取验证码' }));
    const countdown = await panel.findByRole('button', { name: /\d+ 秒后重新获取/ });
    assert.ok((countdown as HTMLButtonElement).disabled);
    const sent = api.calls.filter((call) => call.path === ApiPath.sendSmsCode);
    assert.equal(sent.length, 1);
    assert.equal(sent[0]?.body?.phone, PHONE);
    assert.equal(sent[0]?.body?.captchaId, 'captcha-2', 'the code is asked for with the captcha shown');
    assert.equal(sent[0]?.body?.captcha, 'ab12');

    // A reload: the page goes and comes back, with what the browser stored.
    page.unmount();
    showLogin();
    const afterReload = await smsPanel().findByRole('button', { name: /\d+ 秒后重新获取/ });
    assert.ok((afterReload as HTMLButtonElement).disabled, 'the 60 s countdown survives a reload');
  });

  it('shows the server message for a wrong password', async () => {
    const { publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 1024,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    api = fakeApi({
      [`GET ${ApiPath.captcha}`]: captchas(),
      [`GET ${ApiPath.publicKey}`]: () => ({ data: { publicKey, bits: 1024 } }),
      [`POST ${ApiPath.teacherLoginByPassword}`]: () => ({
        errorCode: ErrorCode.wrongPassword,
        errorMsg: '账号或密码错误',
      }),
    });
    const user = userEvent.setup();
    showLogin();
    await user.click(screen.getByRole('tab', { name: '密码登录' }));
    const panel = within(screen.getByRole('tabpanel', { name: '密码登录' }));
    await user.type(panel.getByLabelText('手机号'), PHONE);
    await user.type(panel.getByLabelText('密码'), 'Wrong-2026');
    await user.click(panel.getByRole('button', { name: '登录' }));
    const alert = await panel.findByRole('alert');
    assert.match(String(alert.textContent), /密码错误/);
    const [login] = api.calls.filter((call) => call.path === ApiPath.teacherLoginByPassword);
    assert.equal(login?.body?.account, PHONE);
    assert.notEqual(login?.body?.password, 'Wrong-2026', 'the password goes encrypted');
    assert.equal(screen.queryByTestId('elsewhere'), null, 'still on /login');
  });
});
