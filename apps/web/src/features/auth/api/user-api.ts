import type { MenuItem, UserInfo } from '@zikao/contract/auth';
import { identityEndpoints } from '@zikao/contract/endpoints';
import { call } from '../../../shared/request/call.ts';
import type { RequestOptions } from '../../../shared/request/client.ts';

export function fetchUserInfo(options?: RequestOptions): Promise<UserInfo> {
  return call(identityEndpoints.userInfo, {}, options);
}

export function fetchMenu(options?: RequestOptions): Promise<MenuItem[]> {
  return call(identityEndpoints.menuList, {}, options);
}
