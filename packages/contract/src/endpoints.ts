import type { Endpoint } from './endpoint.ts';
import { adminEndpoints } from './endpoints/admin.ts';
import { courseEndpoints } from './endpoints/course.ts';
import { documentsEndpoints } from './endpoints/documents.ts';
import { homeEndpoints } from './endpoints/home.ts';
import { identityEndpoints } from './endpoints/identity.ts';
import { noticesEndpoints } from './endpoints/notices.ts';
import { practiceEndpoints } from './endpoints/practice.ts';
import { proxyEndpoints } from './endpoints/proxy.ts';
import { statisticsEndpoints } from './endpoints/statistics.ts';
import { systemEndpoints } from './endpoints/system.ts';
import { workflowEndpoints } from './endpoints/workflow.ts';

export { Access } from './endpoints/access.ts';
export { adminEndpoints } from './endpoints/admin.ts';
export { courseEndpoints } from './endpoints/course.ts';
export { documentsEndpoints } from './endpoints/documents.ts';
export { emptyInputSchema } from './endpoints/empty.ts';
export { homeEndpoints } from './endpoints/home.ts';
export { identityEndpoints } from './endpoints/identity.ts';
export { noticesEndpoints } from './endpoints/notices.ts';
export { practiceEndpoints } from './endpoints/practice.ts';
export { proxyEndpoints, proxyPath } from './endpoints/proxy.ts';
export { statisticsEndpoints } from './endpoints/statistics.ts';
export { systemEndpoints } from './endpoints/system.ts';
export { workflowEndpoints } from './endpoints/workflow.ts';

/** Every endpoint the API answers, by area: the server registers exactly these (adr/010). */
export const endpointTable: Record<string, Record<string, Endpoint>> = {
  identity: identityEndpoints,
  documents: documentsEndpoints,
  /** The staff homes (issue 21 §3) and the statistics (issue 16) are workflow calls declared in their own files. */
  workflow: { ...workflowEndpoints, ...homeEndpoints, ...statisticsEndpoints },
  admin: adminEndpoints,
  notices: noticesEndpoints,
  system: systemEndpoints,
  /** Live courses and the board (issue 14), annotation practice (issue 15). */
  teaching: { ...courseEndpoints, ...practiceEndpoints },
  /** The comment proxy of the admin review pages (issue 13). */
  proxy: proxyEndpoints,
};
