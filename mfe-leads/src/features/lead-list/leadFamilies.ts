import type { AxiosQueryArgs } from '@portal/api-client';

/** The batch actions of the lead lists. */
export type LeadBatchAction = 'read' | 'unread' | 'delete';

/**
 * The action calls of one family of lead lists (spec 001 section 7, paths verbatim). Bidding,
 * information-feed and form leads share /customer/feedback/feedbacks/...; the smart-investment
 * and message-board lists have their own, with their own batch body shape.
 */
export interface LeadFamilyCalls {
  remark(id: number, remark: string): AxiosQueryArgs;
  read(id: number): AxiosQueryArgs;
  unread(id: number): AxiosQueryArgs;
  remove(id: number): AxiosQueryArgs;
  batch(action: LeadBatchAction, ids: number[]): AxiosQueryArgs;
}

const F = '/customer/feedback';

export const FEEDBACKS_CALLS: LeadFamilyCalls = {
  remark: (id, remark) => ({ url: `${F}/feedbacks/${id}`, method: 'PUT', data: { remark } }),
  read: (id) => ({ url: `${F}/feedbacks/${id}/read`, method: 'PUT' }),
  unread: (id) => ({ url: `${F}/feedbacks/${id}/unread`, method: 'PUT' }),
  remove: (id) => ({ url: `${F}/feedbacks/${id}`, method: 'DELETE' }),
  // PUT .../feedbacks/read | unread | deleteList, body {ids}.
  batch: (action, ids) => ({
    url: `${F}/feedbacks/${action === 'delete' ? 'deleteList' : action}`,
    method: 'PUT',
    data: { ids },
  }),
};

/** /customer/feedback/resource and /customer/feedback/baidu-flow: batch bodies are the bare ids array. */
const manyFamily = (base: string, removeMethod: 'PUT' | 'DELETE'): LeadFamilyCalls => ({
  remark: (id, remark) => ({ url: `${base}/${id}`, method: 'PUT', data: { remark } }),
  read: (id) => ({ url: `${base}/${id}/read`, method: 'PUT' }),
  unread: (id) => ({ url: `${base}/${id}/unread`, method: 'PUT' }),
  remove: (id) => ({ url: `${base}/${id}/delete`, method: removeMethod }),
  batch: (action, ids) => ({
    url: action === 'delete' ? `${base}/deleteList` : `${base}/ids/${action}/many`,
    method: 'PUT',
    data: ids,
  }),
});

export const RESOURCE_CALLS: LeadFamilyCalls = manyFamily(`${F}/resource`, 'PUT');
export const BAIDU_FLOW_CALLS: LeadFamilyCalls = manyFamily(`${F}/baidu-flow`, 'DELETE');
