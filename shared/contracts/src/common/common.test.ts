import { checkAvatarFile, AccountMessage, voiceSettingSchema } from '../account/schemas';
import { AVATAR_MAX_BYTES, DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, POLLING_INTERVAL_MS, REQUEST_TIMEOUT_MS } from './constants';
import { isItemActive, itemStatusLabel } from './enums';
import { paginationQuerySchema, totalPages } from './pagination';
import { isValidPhone, phoneSchema } from './phone';
import { fieldErrors, firstError } from './validation';
import { canAssignManually, CRM_DUPLICATE_REMARK, genreLabel, mobileStatusLabel, searchEngineLabel, templateStyleLabel } from '../leads/enums';
import { CRM_CODES, crmScheduleRoute } from '../crm/enums';
import { orderStatusLabel } from '../mall/enums';
import { z } from 'zod';
import { chinaToday } from './chinaTime';

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
    expect(crmScheduleRoute('xbb')).toBe('/xbb/data-dispose');
  });
});

describe('labels', () => {
  it('labels items, genres, template styles, engines, orders and numbers', () => {
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
    expect(orderStatusLabel(-1)).toBe('已取消');
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
    expect(fieldErrors(paginationQuerySchema, { page: "1' OR 1=1" }).page).toBe('页码必须是数字');
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
  it('counts today in China whatever the machine\'s zone', () => {
    expect(chinaToday(new Date('2026-11-22T15:59:59Z'))).toBe('2026-11-22');
    expect(chinaToday(new Date('2026-11-22T16:00:00Z'))).toBe('2026-11-23');
  });
});
