import type { Envelope } from '@zikao/contract';

/** The success envelope. */
export const ok = <T>(data: T): Envelope<T> => ({ errorCode: 0, errorMsg: '', data });
