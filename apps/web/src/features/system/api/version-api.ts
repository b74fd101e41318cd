import type { VersionInfo } from '@zikao/contract/auth';
import { ApiPath } from '@zikao/contract/paths';
import { api } from '../../../shared/request/api.ts';

export function fetchVersion(): Promise<VersionInfo> {
  return api.get<VersionInfo>(ApiPath.version, {}, { silent: true });
}
