import type { Endpoint } from '../endpoint.ts';

/** The notices area's endpoints. */
export const noticesEndpoints = {} satisfies Record<string, Endpoint>;
