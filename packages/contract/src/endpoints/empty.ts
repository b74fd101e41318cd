import { z } from 'zod';

/** The input of a call that takes no parameters (its signature's `t` and `sig` aside). */
export const emptyInputSchema = z.object({});
