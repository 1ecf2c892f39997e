import { checkAvatarFile, AccountMessage, voiceSettingSchema } from '../account/schemas';
import { AVATAR_MAX_BYTES, DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, POLLING_INTERVAL_MS, REQUEST_TIMEOUT_MS } from './constants';
import { isItemActive, itemStatusLabel } from './enums';
import { paginationQuerySchema, totalPages } from './pagination';
import { isValidPhone, phoneSchema } from './phone';
import { fieldErrors, firstError } from './validation';
import { canAssignManually, CRM_DUPLICATE_REMARK, genreLabel, mobileStatusLabel, searchEngineLabel, templateStyleLabel } from '../leads/enums';
import { CRM_CODES } from '../crm/enums';
import { z } from 'zod';
import { chinaToday } from './chinaTime';
import { chinaDate, DATE_MAX, DATE_MIN, DateMessage, daysInRange } from './date';
import { idParam, idValue, MAX_ID, queryInt } from './query';

describe('phone', () => {
  it.each(['13800138000', '19912345678', '15000000000'])('%s is valid', (phone) => expect(isValidPhone(phone)).toBe(true));
  it.each(['12800138000', '1380013800', '138001380001', '23800138000', '1380013800a'])('%s is invalid', (phone) => {
    expect(isValidPhone(phone)).toBe(false);
    expect(firstError(phoneSchema, phone)).toBe('格式不正确');
  });
  it('requires a phone with its own message', () => {
    expect(firstError(phoneSchema, '')).toBe('请输入手机号');
    expect(firstError(phoneSchema, undefined)).toBe('请输入手机号');
  });
});

describe('constants of spec 001 section 9', () => {
  it('has the spec values', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(300000);
    expect(POLLING_INTERVAL_MS).toBe(180000);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(PAGE_SIZE_OPTIONS).toEqual([10, 20, 30, 40, 50, 100]);
    expect(CRM_CODES).toEqual(['ec', 'lixiao', 'xbb', 'huoban']);
  });
});

describe('labels', () => {
  it('labels items, genres, template styles, engines and numbers', () => {
    expect(itemStatusLabel(1)).toBe('上稿中');
    expect(isItemActive(0)).toBe(false);
    expect(isItemActive(-1)).toBe(false);
    expect(genreLabel(3)).toBe('手机官网');
    expect(genreLabel(9)).toBe('其他');
    expect(templateStyleLabel(2)).toBe('PC底部悬浮');
    expect(templateStyleLabel(7)).toBe('自定义模板');
    expect(searchEngineLabel('m.baidu.com')).toBe('百度');
    expect(searchEngineLabel('www.so.com')).toBe('360');
    expect(searchEngineLabel('example.com')).toBe('');
    expect(mobileStatusLabel(1)).toBe('正常');
    expect(mobileStatusLabel(2)).toBe('疑似问题');
  });
});

describe('manual assignment rule', () => {
  it('offers assignment only with no receiver and no CRM push', () => {
    expect(canAssignManually({ crmFollower: null, crmPushed: false })).toBe(true);
    expect(canAssignManually({ crmFollower: '张三', crmPushed: false })).toBe(false);
    expect(canAssignManually({ crmFollower: null, crmPushed: 1 })).toBe(false);
    expect(canAssignManually({ crmFollower: null, remark: `备注 ${CRM_DUPLICATE_REMARK}` })).toBe(false);
  });
});

describe('pagination query', () => {
  it('defaults and bounds page and pageSize', () => {
    expect(paginationQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10 });
    expect(fieldErrors(paginationQuerySchema, { page: '0' }).page).toBe('页码不能小于1');
    expect(fieldErrors(paginationQuerySchema, { pageSize: '-5' }).pageSize).toBe('每页条数不能小于1');
    expect(fieldErrors(paginationQuerySchema, { pageSize: '1000' }).pageSize).toBe('每页条数不能超过100');
    expect(fieldErrors(paginationQuerySchema, { page: "1' OR 1=1" }).page).toBe('页码必须是整数');
    expect(totalPages(0, 10)).toBe(1);
    expect(totalPages(21, 10)).toBe(3);
  });
});

describe('account', () => {
  it('checks avatar size and type', () => {
    expect(checkAvatarFile({ size: 1024, type: 'image/png' })).toBeNull();
    expect(checkAvatarFile({ size: AVATAR_MAX_BYTES, type: 'image/png' })).toBe('上传头像图片大小不能超过 2MB!');
    expect(checkAvatarFile({ size: 10, type: 'application/pdf' })).toBe(AccountMessage.AvatarWrongType);
  });
  it('accepts whetherVoice 0 or 1 only', () => {
    expect(voiceSettingSchema.safeParse({ whetherVoice: 0 }).success).toBe(true);
    expect(voiceSettingSchema.safeParse({ whetherVoice: 3 }).success).toBe(false);
  });
  it('fieldErrors is empty on success', () => {
    expect(fieldErrors(z.object({ a: z.string() }), { a: 'x' })).toEqual({});
  });
});

describe('china time', () => {
  it("counts today in China whatever the machine's zone", () => {
    expect(chinaToday(new Date('2026-11-22T15:59:59Z'))).toBe('2026-11-22');
    expect(chinaToday(new Date('2026-11-22T16:00:00Z'))).toBe('2026-11-23');
  });
});

describe('chinaDate, the one date type of the API', () => {
  const day = chinaDate();

  it('takes real calendar days from 2000-01-01 to 2099-12-31', () => {
    for (const value of [DATE_MIN, '2024-02-29', '2025-12-31', DATE_MAX]) expect(day.parse(value)).toBe(value);
  });

  it('refuses what is not a calendar day with the format message', () => {
    for (const value of ['2025-02-29', '2025-13-01', '2025-1-01', '20250101', '', ' 2025-01-01', '2025-01-01T00:00:00Z', '+010000-01-01']) {
      expect(firstError(day, value)).toBe(DateMessage.Invalid);
    }
    expect(firstError(day, 20250101)).toBe(DateMessage.Invalid);
    expect(firstError(chinaDate('请选择日期'), '2025/01/01')).toBe('请选择日期');
  });

  it('refuses days outside the bounds with the range message', () => {
    for (const value of ['0000-01-01', '1970-01-01', '1999-12-31', '2100-01-01', '9999-12-31']) {
      expect(firstError(day, value)).toBe(DateMessage.OutOfRange);
    }
    expect(DateMessage.OutOfRange).toBe('日期须在2000-01-01至2099-12-31之间');
  });

  it('counts the days of a range inclusively', () => {
    expect(daysInRange('2025-01-01', '2025-01-01')).toBe(1);
    expect(daysInRange('2024-12-31', '2025-03-01')).toBe(61);
    expect(daysInRange(DATE_MIN, DATE_MAX)).toBe(36525);
  });
});

describe('ids and whole numbers of paths and query strings', () => {
  const id = idParam('编号不正确');

  it('takes the canonical decimal form from 1 to MAX_ID', () => {
    expect(['1', '7', '10', '2147483647'].map((value) => id.parse(value))).toEqual([1, 7, 10, MAX_ID]);
  });

  it.each([
    '0x10',
    '1e2',
    '007',
    '01',
    '1.0',
    '1.',
    '+1',
    ' 1',
    '1 ',
    '\t1',
    '1\n',
    '-1',
    '0',
    '',
    '2147483648',
    '99999999999',
    '１',
    'Infinity',
    'NaN',
  ])('refuses %j with the given message', (value) => expect(firstError(id, value)).toBe('编号不正确'));

  it('refuses a number where the string of a query belongs, and an array (a repeated parameter)', () => {
    expect(firstError(id, 1)).toBe('编号不正确');
    expect(firstError(id, ['1', '2'])).toBe('编号不正确');
  });

  it('takes integers only in JSON bodies', () => {
    const value = idValue('编号不正确');
    expect(value.parse(12)).toBe(12);
    for (const bad of ['12', 1.5, 0, -1, MAX_ID + 1, null, true]) expect(firstError(value, bad)).toBe('编号不正确');
  });

  it('holds small query numbers (flags, page) to the same form', () => {
    const flag = queryInt('状态不正确', 0, 1);
    expect(['0', '1'].map((value) => flag.parse(value))).toEqual([0, 1]);
    for (const bad of ['00', '-0', '1.0', '0x1', '2', '-1', 'true']) expect(firstError(flag, bad)).toBe('状态不正确');
    expect(paginationQuerySchema.parse({ page: '2', pageSize: '20' })).toEqual({ page: 2, pageSize: 20 });
    expect(firstError(paginationQuerySchema, { page: '0x2' })).toBe('页码必须是整数');
    expect(firstError(paginationQuerySchema, { pageSize: '1e2' })).toBe('每页条数必须是整数');
  });
});
