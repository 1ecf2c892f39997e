import { ingestLeadResultSchema, ingestLeadSchema } from '../leads/ingest';
import { endpoint } from './define';

/** The open lead ingestion call (landing-page forms, smart chat, message boards). */
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
};
