import type { VersionInfo } from '@zikao/contract/auth';
import { systemEndpoints } from '@zikao/contract/endpoints';
import { call } from '../../../shared/request/call.ts';

export function fetchVersion(): Promise<VersionInfo> {
  return call(systemEndpoints.version, {}, { silent: true });
}
