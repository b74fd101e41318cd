import { PHONE_PATTERN } from '@zikao/contract/auth';
import type { FormRule } from 'antd';

/** Required Chinese mobile number, checked with the contract's pattern. */
export const PHONE_RULE: FormRule = {
  required: true,
  validator: async (_, value: string | undefined) => {
    if (!value?.trim()) throw new Error('请输入手机号');
    if (!PHONE_PATTERN.test(value.trim())) throw new Error('手机号格式不正确');
  },
};
