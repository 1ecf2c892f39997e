import { CommonMessage } from '@portal/contracts';
import { EventBus } from '@portal/event-bus';
import { createApiClient } from '../createApiClient';
import { installFakeHttp } from '../testing/fakeHttp';
import { axiosBaseQuery, queryErrorMessage } from './axiosBaseQuery';

// A client of its own with the page replaced, behind the fake server at its adapter.
const http = createApiClient({ eventBus: new EventBus(), navigate: jest.fn(), clearSession: jest.fn(), currentPath: () => '/x' });
const fake = installFakeHttp(http);
afterAll(() => fake.restore());

const api = { signal: new AbortController().signal } as Parameters<ReturnType<typeof axiosBaseQuery>>[1];
const run = (args: Parameters<ReturnType<typeof axiosBaseQuery>>[0]) => axiosBaseQuery(http)(args, api, {});

describe('axiosBaseQuery', () => {
  it('answers a plain body as data, with the headers in meta', async () => {
    fake.on('GET /customer/feedback/resource', {
      body: [{ id: 1 }],
      headers: { 'x-pagination-info': '{"page":1,"pageSize":10,"totalRow":1,"totalPage":1}' },
    });
    const result = await run({ url: '/customer/feedback/resource', params: { page: 1, itemId: undefined } });
    expect(result.data).toEqual([{ id: 1 }]);
    expect(result.meta?.headers['x-pagination-info']).toContain('"totalRow":1');
    expect(fake.requestsTo('/customer/feedback/resource')[0].query).toEqual({ page: '1' });
  });

  it('unwraps a code-style body to its data and keeps its message in meta', async () => {
    fake.on('PUT /es/x', { body: { code: '200', message: '已推送3条', data: { count: 3 } } });
    const result = await run({ url: '/es/x', method: 'PUT', data: { ids: [1] } });
    expect(result).toMatchObject({ data: { count: 3 }, meta: { message: '已推送3条' } });
    expect(fake.requestsTo('/es/x', 'PUT')[0].body).toEqual({ ids: [1] });
  });

  it('gives a refusal as a plain error with the server text, whether by status or by body code', async () => {
    fake.on('PUT /es/refused', { status: 400, body: { code: '400', message: '以下线索已分配或已推送，不能手动分配：张三(13800138000)' } });
    expect((await run({ url: '/es/refused', method: 'PUT' })).error).toEqual({
      status: 400,
      code: '400',
      message: '以下线索已分配或已推送，不能手动分配：张三(13800138000)',
    });
    fake.on('GET /es/code', { body: { code: '500', message: '数据获取失败', data: null } });
    expect((await run({ url: '/es/code' })).error).toEqual({ status: 200, code: '500', message: '数据获取失败' });
  });
});

describe('queryErrorMessage', () => {
  it('shows the server text, else the screen fallback, never the catch-all', () => {
    expect(queryErrorMessage({ status: 500, code: '500', message: '服务器开小差了，请稍后再试' })).toBe('服务器开小差了，请稍后再试');
    expect(queryErrorMessage({ status: 500, code: '500', message: CommonMessage.OperationFailed }, '删除失败！')).toBe('删除失败！');
    expect(queryErrorMessage({ name: 'SerializedError' })).toBe(CommonMessage.DataFetchFailed);
    expect(queryErrorMessage(undefined, '修改失败')).toBe('修改失败');
  });
});
