import { z } from 'zod';
import { leadIdParamsSchema } from '../leads/schemas';
import {
  copyDaySchema,
  dailyArrangementSchema,
  dateExistsQuerySchema,
  dayParamsSchema,
  importResultSchema,
  insertStaffSchema,
  leadDistributionSchema,
  saveDaySchema,
  scheduleCountSchema,
  scheduleCrmQuerySchema,
  scheduleItemSchema,
  scheduleStaffSchema,
  staffParamsSchema,
  submitRepeatSchema,
} from '../schedule/schemas';
import { FORM_URLENCODED } from './crm';
import { endpoint } from './define';
import { XLSX_MIME } from './reports';

const tag = 'schedule';
const form = [FORM_URLENCODED] as const;

/**
 * Call-centre scheduling (spec 001 section 7 "Call-centre scheduling"), verbatim paths and
 * payload styles, code-style answers; `crmCode` is the page's {type}. Every call works on the
 * logged-in customer's own projects, staff and schedules (another customer's ids answer 404).
 * And ours: why a lead went to whom, for the lead detail page.
 */
export const scheduleEndpoints = {
  items: endpoint({
    method: 'GET',
    path: '/es/dailyarrange/itemList',
    tag,
    summary: '排班项目列表 (全部项目, 非上稿中的项目不可选; 含今日起已排班天数)',
    query: scheduleCrmQuerySchema,
    answer: 'code',
    response: scheduleItemSchema.array(),
  }),
  dateExists: endpoint({
    method: 'GET',
    path: '/es/dailyarrange/getDateExists',
    tag,
    summary: '项目某月已排班的日期 (YYYY-MM-DD)',
    query: dateExistsQuerySchema,
    answer: 'code',
    response: z.string().array(),
    errors: [404],
  }),
  day: endpoint({
    method: 'GET',
    path: '/es/dailyarrange/{date}/{itemId}',
    tag,
    summary: '某项目某日的排班人员 (按拖动顺序; 未排班为空列表)',
    params: dayParamsSchema,
    query: scheduleCrmQuerySchema,
    answer: 'code',
    response: dailyArrangementSchema.array(),
    errors: [404],
  }),
  deleteDay: endpoint({
    method: 'DELETE',
    path: '/es/dailyarrange/{date}/{itemId}',
    tag,
    summary: '删除某项目某日的排班 (该日不再是已排班日期)',
    params: dayParamsSchema,
    query: scheduleCrmQuerySchema,
    answer: 'code',
    response: scheduleCountSchema,
    errors: [404],
  }),
  staff: endpoint({
    method: 'GET',
    path: '/es/crmuser/list/{itemId}/{date}',
    tag,
    summary: '可排班员工 (员工树; 标出当日已排班的)',
    params: staffParamsSchema,
    query: scheduleCrmQuerySchema,
    answer: 'code',
    response: scheduleStaffSchema.array(),
    errors: [404],
  }),
  copy: endpoint({
    method: 'POST',
    path: '/es/dailyarrange/copyList',
    tag,
    summary: '复制某日排班到其他日期 (表单编码 dates 以逗号分隔; 覆盖目标日期的排班)',
    body: copyDaySchema,
    consumes: form,
    answer: 'code',
    response: scheduleCountSchema,
    errors: [404],
  }),
  submitRepeat: endpoint({
    method: 'POST',
    path: '/es/dailyarrange/submitRepeat',
    tag,
    summary: '导入重名人员的选择 (未选择的取第一个), 完成导入',
    body: submitRepeatSchema,
    answer: 'code',
    response: importResultSchema,
    errors: [404],
  }),
  importFile: endpoint({
    method: 'POST',
    path: '/es/dailyarrange/files',
    tag,
    summary: '导入排班表 (multipart: date, itemId, crmCode, file; 仅xls/xlsx, 小于2MB; 覆盖该日该项目的排班)',
    consumes: ['multipart/form-data'],
    answer: 'code',
    response: importResultSchema,
    errors: [404, 413, 429],
  }),
  insertStaff: endpoint({
    method: 'POST',
    path: '/es/dailyarrange/insertCrmUser',
    tag,
    summary: '从员工树添加排班人员 (表单编码 userIds 以逗号分隔)',
    body: insertStaffSchema,
    consumes: form,
    answer: 'code',
    response: scheduleCountSchema,
    errors: [404],
  }),
  save: endpoint({
    method: 'POST',
    path: '/es/dailyarrange',
    tag,
    summary: '保存某项目某日的排班 (整个列表, 按拖动顺序; 空列表即取消该日排班)',
    body: saveDaySchema,
    answer: 'code',
    response: dailyArrangementSchema.array(),
    errors: [404],
  }),
  template: endpoint({
    method: 'GET',
    path: '/es/dailyarrange/getFormTemplate',
    tag,
    summary: '下载排班导入模板 (xlsx)',
    answer: 'file',
    produces: [XLSX_MIME],
  }),
  leadDistribution: endpoint({
    method: 'GET',
    path: '/customer/feedback/feedbacks/{id}/distribution',
    tag,
    summary: '线索的分配记录: 规则、接收组、接收人、轮次, 跳过的人员及原因, 或等待分配的原因',
    params: leadIdParamsSchema,
    answer: 'json',
    response: leadDistributionSchema.nullable(),
    errors: [404],
  }),
};
