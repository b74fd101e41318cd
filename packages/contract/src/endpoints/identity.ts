import type { Endpoint } from '../endpoint.ts';

/** The identity area's endpoints. */
export const identityEndpoints = {} satisfies Record<string, Endpoint>;
