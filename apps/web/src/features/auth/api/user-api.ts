import type { MenuItem, UserInfo } from '@zikao/contract/auth';
import { ApiPath } from '@zikao/contract/paths';
import { api } from '../../../shared/request/api.ts';
import type { RequestOptions } from '../../../shared/request/client.ts';

export function fetchUserInfo(options?: RequestOptions): Promise<UserInfo> {
  return api.post<UserInfo>(ApiPath.userInfo, {}, options);
}

export function fetchMenu(options?: RequestOptions): Promise<MenuItem[]> {
  return api.post<MenuItem[]>(ApiPath.menuList, {}, options);
}
