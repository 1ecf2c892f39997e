import { CommonMessage } from '@portal/contracts';
import {
  crmSettingsEndpoints,
  leadActionEndpoints,
  leadEndpoints,
  leadExportEndpoints,
  messageEndpoints,
  authEndpoints,
} from '@portal/contracts/endpoints';
import { EventBus } from '@portal/event-bus';
import { createApiClient } from '../createApiClient';
import { installFakeHttp } from '../testing/fakeHttp';
import { axiosBaseQuery, queryErrorMessage, UNEXPECTED_ANSWER, type AxiosQueryArgs } from './axiosBaseQuery';
import { endpointQuery, endpointRequest, endpointUrl } from './endpointQuery';

const http = createApiClient({ eventBus: new EventBus(), navigate: jest.fn(), clearSession: jest.fn(), currentPath: () => '/x' });
const fake = installFakeHttp(http);
afterAll(() => fake.restore());

const api = { signal: new AbortController().signal } as Parameters<ReturnType<typeof axiosBaseQuery>>[1];
const run = (args: AxiosQueryArgs) => axiosBaseQuery(http)(args, api, {});

const counts = { feedback: 1, infoList: 0, resource: 2, baiList: 0, todayHeader: 0, distribution: 0, cpc: 0 };
const message = { id: 3, title: '系统维护通知', contents: '今晚维护', type: 0, status: 0, createTime: '2026-11-23 10:00:00' };

describe('endpointRequest', () => {
  it('fills the path parameters and sends the method, query and body of the entry', async () => {
    fake.on('PUT /customer/feedback/feedbacks/12/read', { body: { code: '200', message: '操作成功', data: { count: 1, unread: counts } } });
    const result = await run(endpointRequest(leadActionEndpoints.feedbacks.read, { params: { id: 12 } }));
    expect(result.data).toEqual({ count: 1, unread: counts });
    expect(fake.requestsTo('/customer/feedback/feedbacks/12/read', 'PUT')).toHaveLength(1);

    fake.on('PUT /customer/feedback/resource/ids/read/many', { body: { code: '200', message: '操作成功', data: { count: 2, unread: counts } } });
    await run(endpointRequest(leadActionEndpoints.resource.readMany, { body: [4, 5] }));
    expect(fake.requestsTo('/customer/feedback/resource/ids/read/many', 'PUT')[0].body).toEqual([4, 5]);
  });

  it("refuses an answer its response schema does not take, leaving the text to the screen's fallback, with no data", async () => {
    fake.on('GET /customer/feedback/unread-counts', { body: { code: '200', message: '成功', data: { feedback: '1' } } });
    const result = await run(endpointRequest(leadEndpoints.unreadCounts, undefined));
    expect(result).toMatchObject({ error: { status: 200, code: UNEXPECTED_ANSWER } });
    expect(result.data).toBeUndefined();
    expect(queryErrorMessage(result.error)).toBe(CommonMessage.DataFetchFailed);
    expect(queryErrorMessage(result.error, '读取失败！')).toBe('读取失败！');
  });

  it('parses with the schema, so its transforms apply and unknown fields are dropped', async () => {
    fake.on('GET /customer/message/unread-counts', {
      body: { code: '200', message: '成功', data: { system: 1, user: 2, customer: 3, extra: true } },
    });
    expect((await run(endpointRequest(messageEndpoints.unreadCounts, undefined))).data).toEqual({ system: 1, user: 2, customer: 3 });
  });

  it('sends the form-encoded calls of the spec form-encoded, leaving out the values not given', async () => {
    fake.on('POST /es/crmcreater/post', {
      body: { code: '200', message: '保存成功！', data: { id: 1, userId: 'u1', userName: '张三', account: '' } },
    });
    await run(endpointRequest(crmSettingsEndpoints.saveCreator, { body: { crmCode: 'ec', userId: 'u1', userName: '张三', id: undefined } }));
    const [seen] = fake.requestsTo('/es/crmcreater/post', 'POST');
    expect(seen.body).toBe('crmCode=ec&userId=u1&userName=%E5%BC%A0%E4%B8%89');
  });

  it('will not make a download an XHR', () => {
    expect(() => endpointRequest(leadExportEndpoints.feedback, { query: {} })).toThrow('endpointUrl');
  });

  it('types the arguments from the entry', () => {
    // @ts-expect-error the path's {id} is required
    expect(() => endpointRequest(leadActionEndpoints.feedbacks.read, {})).toThrow('{id}');
    // @ts-expect-error the list reads no such query parameter
    endpointRequest(messageEndpoints.list, { query: { nope: 1 } });
    // @ts-expect-error the login body needs the account and password
    endpointRequest(authEndpoints.login, { body: { loginAccount: 'demo' } });
  });
});

describe('endpointQuery', () => {
  it('turns a page answer into its rows and the pagination of the header', async () => {
    const { query, transformResponse } = endpointQuery(messageEndpoints.list);
    const args = { query: { page: 2, pageSize: 10, onlyUnread: 1 } };
    fake.on('GET /customer/message/messages', {
      body: [message],
      headers: { 'x-pagination-info': JSON.stringify({ rows: 1, count: 11, page: 2, pageSize: 10, totalRow: 11, totalPage: 2 }) },
    });
    const result = await run(query(args));
    expect(fake.requestsTo('/customer/message/messages')[0].query).toEqual({ page: '2', pageSize: '10', onlyUnread: '1' });
    expect(transformResponse(result.data, result.meta, args)).toEqual({
      rows: [message],
      pagination: { page: 2, pageSize: 10, totalRow: 11, totalPage: 2 },
    });
  });

  it('counts the rows of a page answered without the header', async () => {
    const { query, transformResponse } = endpointQuery(messageEndpoints.list);
    fake.on('GET /customer/message/messages', { body: [message, { ...message, id: 4 }] });
    const result = await run(query({}));
    expect(transformResponse(result.data, result.meta, {}).pagination).toEqual({ page: 1, pageSize: 10, totalRow: 2, totalPage: 1 });
  });

  it("takes the page's own arguments through toArgs, for the request and the page's pagination", async () => {
    const { query, transformResponse } = endpointQuery(messageEndpoints.list, (page: number) => ({ query: { page, pageSize: 20 } }));
    fake.on('GET /customer/message/messages', { body: [message] });
    const result = await run(query(3));
    expect(fake.requestsTo('/customer/message/messages').at(-1)?.query).toEqual({ page: '3', pageSize: '20' });
    expect(transformResponse(result.data, result.meta, 3).pagination).toEqual({ page: 3, pageSize: 20, totalRow: 1, totalPage: 1 });
  });

  it('refuses a page whose rows are not the entry rows', async () => {
    fake.on('GET /customer/message/messages', { body: [{ id: 'x' }] });
    expect((await run(endpointQuery(messageEndpoints.list).query({}))).error).toMatchObject({ code: UNEXPECTED_ANSWER });
  });
});

describe('endpointUrl', () => {
  it('gives a download its address under /rest with the filters', () => {
    expect(endpointUrl(leadExportEndpoints.feedback, { query: { startTime: '2026-11-01', endTime: '2026-11-23', itemId: 3 } })).toBe(
      '/rest/customer/feedback/feedbacks/files?startTime=2026-11-01&endTime=2026-11-23&itemId=3',
    );
  });
});
