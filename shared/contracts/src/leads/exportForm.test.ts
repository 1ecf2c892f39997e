import { fieldErrors } from '../common/validation';
import { leadExportFormSchema, toLeadExportParams } from './exportForm';

describe('lead export form', () => {
  it("refuses an empty form with the spec's four messages", () => {
    expect(fieldErrors(leadExportFormSchema, {})).toEqual({
      dateRange: '请选择起止日期',
      itemId: '请选择导出项目',
      readStatus: '请选择已读状态',
      fileGenre: '请选择导出格式',
    });
  });

  it('refuses a reversed or broken range with the range message', () => {
    const form = { itemId: 3, readStatus: -1, fileGenre: 1 };
    expect(fieldErrors(leadExportFormSchema, { ...form, dateRange: ['2026-03-05', '2026-03-01'] }).dateRange).toBe('请选择起止日期');
    expect(fieldErrors(leadExportFormSchema, { ...form, dateRange: ['2026-03-01'] }).dateRange).toBe('请选择起止日期');
    expect(fieldErrors(leadExportFormSchema, { ...form, dateRange: ['2024-01-01', '2026-03-01'] }).dateRange).toBe('导出时间范围不能超过366天');
  });

  it('turns a filled form into the download query', () => {
    const form = leadExportFormSchema.parse({ dateRange: ['2026-03-01', '2026-03-05'], itemId: 3, readStatus: 0, fileGenre: 1 });
    expect(toLeadExportParams(form)).toEqual({ startTime: '2026-03-01', endTime: '2026-03-05', itemId: 3, readStatus: 0, fileGenre: 1 });
    expect(fieldErrors(leadExportFormSchema, { ...form, readStatus: 2 }).readStatus).toBe('请选择已读状态');
  });

  it('takes null as all projects: the query then names no project, and the range bound still holds', () => {
    const form = leadExportFormSchema.parse({ dateRange: ['2026-03-01', '2026-03-05'], itemId: null, readStatus: -1, fileGenre: 1 });
    expect(toLeadExportParams(form)).toEqual({ startTime: '2026-03-01', endTime: '2026-03-05', readStatus: -1, fileGenre: 1 });
    expect(fieldErrors(leadExportFormSchema, { ...form, dateRange: ['2024-01-01', '2026-03-01'] }).dateRange).toBe('导出时间范围不能超过366天');
    // Not chosen at all is still refused with the spec's message.
    expect(fieldErrors(leadExportFormSchema, { ...form, itemId: undefined }).itemId).toBe('请选择导出项目');
  });
});
