import type { Endpoint } from './endpoint.ts';
import { adminEndpoints } from './endpoints/admin.ts';
import { systemEndpoints } from './endpoints/system.ts';

export { Access } from './endpoints/access.ts';
export { adminEndpoints } from './endpoints/admin.ts';
export { emptyInputSchema } from './endpoints/empty.ts';
export { systemEndpoints } from './endpoints/system.ts';

/** Every endpoint the API answers, by area: the server registers exactly these (adr/010). */
export const endpointTable: Record<string, Record<string, Endpoint>> = {
  admin: adminEndpoints,
  system: systemEndpoints,
};
