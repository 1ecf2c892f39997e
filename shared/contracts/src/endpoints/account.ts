import { z } from 'zod';
import { accountInfoSchema } from '../account/info';
import { voiceSettingSchema } from '../account/schemas';
import { AVATAR_MIME_TYPES } from '../common/constants';
import { ingestKeySchema } from '../leads/ingest';
import { endpoint } from './define';

const tag = 'account';

/** The account-info page: profile, sound reminder, avatar, the first-login guide flag and the ingestion key. */
export const accountEndpoints = {
  info: endpoint({ method: 'GET', path: '/customer/account', tag, summary: '账户信息', answer: 'json', response: accountInfoSchema }),
  setVoice: endpoint({
    method: 'PUT',
    path: '/customer/account/voice',
    tag,
    summary: '声音提醒设置 (whetherVoice 0 播放, 1 静音)',
    body: voiceSettingSchema,
    answer: 'code',
    response: voiceSettingSchema,
  }),
  uploadAvatar: endpoint({
    method: 'POST',
    path: '/customer/account/avatar',
    tag,
    summary: '上传头像 (multipart 字段 file; JPG/PNG/GIF/WEBP, 小于 2MB)',
    consumes: ['multipart/form-data'],
    answer: 'code',
    response: z.object({ headPic: z.string() }),
  }),
  avatar: endpoint({
    method: 'GET',
    path: '/customer/account/avatar',
    tag,
    summary: '当前账户的头像图片 (无头像时 404; v 为版本号时长期缓存)',
    query: z.object({ v: z.string({ error: '头像版本不正确' }).optional() }),
    answer: 'file',
    produces: AVATAR_MIME_TYPES,
    errors: [404],
  }),
  finishGuide: endpoint({
    method: 'PUT',
    path: '/customer/account/first-login',
    tag,
    summary: '新手引导已完成或跳过',
    answer: 'code',
    response: z.null(),
  }),
  ingestKey: endpoint({
    method: 'GET',
    path: '/customer/account/ingest-key',
    tag: 'ingest',
    summary: '线索接入密钥 (首次读取时生成)',
    answer: 'code',
    response: ingestKeySchema,
  }),
  regenerateIngestKey: endpoint({
    method: 'POST',
    path: '/customer/account/ingest-key',
    tag: 'ingest',
    summary: '重新生成线索接入密钥 (旧密钥立即失效)',
    answer: 'code',
    response: ingestKeySchema,
  }),
};
