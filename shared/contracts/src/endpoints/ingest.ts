import { DAILY_FIGURES_MAX_AGE_DAYS, DAILY_FIGURES_MAX_ROWS, ingestDailyFiguresResultSchema, ingestDailyFiguresSchema } from '../leads/dailyFigures';
import {
  ingestKeySchema,
  ingestLeadHeadersSchema,
  ingestLeadResultSchema,
  ingestLeadSchema,
  ingestSigningSchema,
  ingestSigningSecretSchema,
  ingestSigningSettingSchema,
} from '../leads/ingest';
import { endpoint } from './define';

/**
 * The open ingestion calls, authenticated by the customer's key rather than a session: leads
 * (landing-page forms, smart chat, message boards) and the ad platform's daily delivery figures;
 * and the logged-in customer's calls to read and regenerate that key (account-info page).
 */
export const ingestEndpoints = {
  lead: endpoint({
    method: 'POST',
    path: '/open/leads',
    auth: 'ingestKey',
    tag: 'ingest',
    summary: '接入线索 (请求头 X-Ingest-Key; 无需登录与 X-Requested-With)',
    body: ingestLeadSchema,
    headers: ingestLeadHeadersSchema,
    answer: 'code',
    response: ingestLeadResultSchema,
    status: 201,
    errors: [404, 409, 413, 429],
  }),
  dailyFigures: endpoint({
    method: 'PUT',
    path: '/open/daily-stats',
    auth: 'ingestKey',
    tag: 'ingest',
    summary: `接入每日投放数据 (展现量、点击量、有效对话、电话请求; 请求头 X-Ingest-Key): 一次提交多个项目日 (至多${DAILY_FIGURES_MAX_ROWS}条), 全部保存或全部拒绝; 同一项目同一天再次提交即覆盖; 日期为今天及之前${DAILY_FIGURES_MAX_AGE_DAYS}天; 留言数由线索统计, 不在此提交`,
    body: ingestDailyFiguresSchema,
    answer: 'code',
    response: ingestDailyFiguresResultSchema,
    errors: [404, 413, 429],
  }),
  key: endpoint({
    method: 'GET',
    path: '/customer/account/ingest-key',
    tag: 'ingest',
    summary: '线索接入密钥 (首次读取时生成)',
    answer: 'code',
    response: ingestKeySchema,
  }),
  regenerateKey: endpoint({
    method: 'POST',
    path: '/customer/account/ingest-key',
    tag: 'ingest',
    summary: '重新生成线索接入密钥 (旧密钥立即失效)',
    answer: 'code',
    response: ingestKeySchema,
  }),
  signing: endpoint({
    method: 'GET',
    path: '/customer/account/ingest-signing',
    tag: 'ingest',
    summary: '线索接入签名设置: 是否已有签名密钥 (密钥本身不再显示) 与是否要求签名',
    answer: 'code',
    response: ingestSigningSchema,
  }),
  generateSigningSecret: endpoint({
    method: 'POST',
    path: '/customer/account/ingest-signing/secret',
    tag: 'ingest',
    summary: '生成签名密钥 (仅在此次返回; 旧密钥立即失效)',
    answer: 'code',
    response: ingestSigningSecretSchema,
  }),
  setSigningRequired: endpoint({
    method: 'PUT',
    path: '/customer/account/ingest-signing',
    tag: 'ingest',
    summary: '设置是否要求签名 (开启后未签名的线索请求为 401; 须先生成签名密钥)',
    body: ingestSigningSettingSchema,
    answer: 'code',
    response: ingestSigningSchema,
    errors: [409],
  }),
};
