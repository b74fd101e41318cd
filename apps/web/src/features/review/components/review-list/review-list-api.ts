import type { EndpointInput } from '@zikao/contract/endpoint';
import { workflowEndpoints } from '@zikao/contract/endpoints';
import type { Stage } from '@zikao/contract/review';
import { ReviewListPath } from '@zikao/contract/review-lists';
import { call, download } from '../../../../shared/request/call.ts';
import type { ListScope } from './status-display.ts';

type StageList = typeof workflowEndpoints.topicList;

/** The per-stage list endpoints, by their path (`STAGE_LIST_PATH`). */
const STAGE_LISTS: ReadonlyMap<string, StageList> = new Map([
  [ReviewListPath.topics, workflowEndpoints.topicList],
  [ReviewListPath.plans, workflowEndpoints.planList],
  [ReviewListPath.drafts, workflowEndpoints.draftList],
  [ReviewListPath.finals, workflowEndpoints.finalList],
  [ReviewListPath.retests, workflowEndpoints.retestList],
]);

function stageList(path: string): StageList {
  const endpoint = STAGE_LISTS.get(path);
  if (!endpoint) throw new Error(`${path} is not a review list`);
  return endpoint;
}

/** A stage list's input: the list's filters and page, without the stage its path implies. */
export type StageListRequest = EndpointInput<StageList>;

export const reviewListApi = {
  list: (path: string, body: StageListRequest, signal?: AbortSignal) =>
    call(stageList(path), body, { silent: true, signal }),
  /** Downloads the list as .xlsx under the server's file name; the client says 导出成功. */
  export: (path: string, body: StageListRequest) => download(stageList(path), { ...body, page: 1, export: 1 }),
  filters: (stage: Stage, scope: ListScope, signal?: AbortSignal) =>
    call(workflowEndpoints.submissionFilters, { stage, scope }, { silent: true, signal }),
};
