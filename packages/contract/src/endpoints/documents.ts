import type { Endpoint } from '../endpoint.ts';

/** The documents area's endpoints. */
export const documentsEndpoints = {} satisfies Record<string, Endpoint>;
