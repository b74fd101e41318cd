import { courseLinksSchema } from '@zikao/contract/course';

/** Why a streaming or playback address is refused (the contract's own rule), or null when it is empty or http(s). */
export function urlProblem(value: string | undefined | null): string | null {
  const result = courseLinksSchema.shape.streamUrl.safeParse(value ?? '');
  return result.success ? null : (result.error.issues[0]?.message ?? '网址格式不正确');
}

/** The form rule for a streaming or playback address. */
export const httpUrlRule = {
  validator: (_rule: unknown, value: string | undefined) => {
    const problem = urlProblem(value);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
};
