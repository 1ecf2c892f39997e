import { ingestKeySchema, ingestLeadResultSchema, ingestLeadSchema } from '../leads/ingest';
import { endpoint } from './define';

/**
 * The open lead ingestion call (landing-page forms, smart chat, message boards), authenticated by
 * the customer's key rather than a session, and the logged-in customer's calls to read and
 * regenerate that key (account-info page).
 */
export const ingestEndpoints = {
  lead: endpoint({
    method: 'POST',
    path: '/open/leads',
    auth: 'ingestKey',
    tag: 'ingest',
    summary: '接入线索 (请求头 X-Ingest-Key; 无需登录与 X-Requested-With)',
    body: ingestLeadSchema,
    answer: 'code',
    response: ingestLeadResultSchema,
    status: 201,
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
};
