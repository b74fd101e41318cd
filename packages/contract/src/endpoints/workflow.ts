import type { Endpoint } from '../endpoint.ts';

/** The workflow area's endpoints. */
export const workflowEndpoints = {} satisfies Record<string, Endpoint>;
