import { firstError } from '../common/validation';
import { PushStatus } from '../crm/schemas';
import { canAssignManually } from './enums';
import {
  assignByUserSchema,
  isHttpUrl,
  LEAD_TABLE_NAMES,
  leadExportQuerySchema,
  leadIdsBodySchema,
  leadKindOfTable,
  leadListQuerySchema,
  leadRemarkSchema,
  leadSchema,
} from './api';
import { ingestLeadSchema } from './ingest';

describe('lead schemas', () => {
  it('take a batch as {ids} or as a bare array of integers', () => {
    expect(leadIdsBodySchema.parse({ ids: [1, 2] })).toEqual({ ids: [1, 2] });
    expect(leadIdsBodySchema.parse([1, 2])).toEqual({ ids: [1, 2] });
    for (const id of ['2', '0x2', '1e2', 2.5]) expect(firstError(leadIdsBodySchema, [1, id])).toBe('数据编号不正确');
    expect(firstError(leadIdsBodySchema, [])).toBe('请先选择列表数据！');
    expect(
      firstError(
        leadIdsBodySchema,
        Array.from({ length: 501 }, (_, i) => i + 1),
      ),
    ).toBe('一次最多操作500条数据');
  });

  it('default and check the list filters', () => {
    expect(leadListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10 });
    expect(leadListQuerySchema.parse({ readStatus: '0', crmFollowerState: '1', phone: '138', itemId: '' })).toEqual({
      page: 1,
      pageSize: 10,
      readStatus: 0,
      crmFollowerState: 1,
      phone: '138',
    });
    expect(firstError(leadListQuerySchema, { phone: '138%' })).toBe('手机号格式不正确');
  });

  it('require a time range to export', () => {
    expect(firstError(leadExportQuerySchema, {})).toBe('请选择时间范围');
    expect(firstError(leadExportQuerySchema, { startTime: '2025-01-01', endTime: '2025-01-02', fileGenre: '2' })).toBe('请选择导出格式');
    expect(leadExportQuerySchema.parse({ startTime: '2025-01-01', endTime: '2025-01-02', readStatus: '-1', fileGenre: '1' })).toMatchObject({
      readStatus: -1,
      fileGenre: 1,
    });
  });

  it('limit remarks to 500 characters', () => {
    expect(firstError(leadRemarkSchema, { remark: 'x'.repeat(500) })).toBeNull();
    expect(firstError(leadRemarkSchema, { remark: 'x'.repeat(501) })).toBe('备注不能超过500个字符');
  });

  it('know every tableName', () => {
    expect(leadKindOfTable('baidu_flow')).toBe('baiList');
    expect(leadKindOfTable('nope')).toBeUndefined();
    expect(firstError(assignByUserSchema, { resourceList: [{ id: 1, tableName: 'nope' }], userId: 1 })).toBe('资源类型不正确');
    expect(firstError(assignByUserSchema, { resourceList: [{ id: '5', tableName: LEAD_TABLE_NAMES.resource }], userId: 3 })).toBe('数据编号不正确');
    expect(firstError(assignByUserSchema, { resourceList: [{ id: 5, tableName: LEAD_TABLE_NAMES.resource }], userId: '3' })).toBe('请选择分配人员');
    expect(assignByUserSchema.parse({ resourceList: [{ id: 5, tableName: LEAD_TABLE_NAMES.resource }], userId: 3 })).toEqual({
      resourceList: [{ id: 5, tableName: 'resource' }],
      userId: 3,
    });
  });

  it('validate an arriving lead, defaulting resType to form', () => {
    expect(ingestLeadSchema.parse({ listKind: 'resource', itemId: 1, name: '张三', mobile: '02088886666' })).toMatchObject({ resType: 1 });
    expect(firstError(ingestLeadSchema, { listKind: 'resource', itemId: 1, name: '', mobile: '13800138000' })).toBe('不能为空');
    expect(firstError(ingestLeadSchema, { listKind: 'resource', itemId: 1, name: '张三', mobile: '1380' })).toBe('格式不正确');
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('https://a.cn/x')).toBe(true);
  });

  it("name a lead's push state with the CRM push statuses, and keep a pending or delivered push from manual assignment", () => {
    expect([...leadSchema.shape.crmPushState.unwrap().unwrap().options].sort()).toEqual(Object.values(PushStatus).sort());
    expect(leadSchema.shape.crmPushState.parse(null)).toBeNull();
    expect(leadSchema.shape.crmPushState.safeParse('sent').success).toBe(false);
    expect(canAssignManually({ crmFollower: null, crmPushed: false, crmPushState: null })).toBe(true);
    expect(canAssignManually({ crmFollower: null, crmPushed: false, crmPushState: 'failed' })).toBe(true);
    expect(canAssignManually({ crmFollower: null, crmPushed: false, crmPushState: 'refused' })).toBe(true);
    expect(canAssignManually({ crmFollower: null, crmPushed: false, crmPushState: 'pending' })).toBe(false);
    expect(canAssignManually({ crmFollower: null, crmPushed: true, crmPushState: 'delivered' })).toBe(false);
  });
});
