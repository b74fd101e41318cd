/**
 * Demo accounts (users.demo, adr/028): the README publishes their password, so a server running as
 * a deployment (NODE_ENV=production) lets none of them in, by any door: password, SMS code, a
 * session made before, a review link that acts as one or was made by one, a board link of a demo
 * lecturer's course or a demo candidate. The doors throw their own codes with these messages.
 */
export const DEMO_SIGN_IN_REFUSED = '演示账号不能在正式部署中登录';
export const DEMO_LINK_REFUSED = '演示数据的链接不能在正式部署中使用';

/** Whether any of these accounts is a demo account that this server must keep out. */
export function isRefusedDemo(deployment: boolean, ...accounts: Array<{ demo: number } | null | undefined>): boolean {
  return deployment && accounts.some((account) => account?.demo === 1);
}
