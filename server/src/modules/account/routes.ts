import fastifyMultipart from '@fastify/multipart';
import { AccountMessage, accountInfoSchema, CommonMessage, ResponseCode, voiceSettingSchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { codeResponse, protectedErrors } from '../../http/schemas';
import { currentCustomerId } from '../../plugins/auth';
import * as account from './service';
import { readAvatarUpload } from './upload';

const tags = ['account'];

/** The account-info page: profile, sound reminder, avatar, and the first-login guide flag. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireLogin);
  // Multipart parsing only where an upload is expected; elsewhere such a body is refused (415).
  await app.register(fastifyMultipart);

  app.get(
    '/customer/account',
    { schema: { tags, summary: '账户信息', response: { 200: accountInfoSchema, ...protectedErrors } } },
    async (request) => account.getAccountInfo(app.db, currentCustomerId(request)),
  );

  app.put(
    '/customer/account/voice',
    {
      schema: {
        tags,
        summary: '声音提醒设置 (whetherVoice 0 播放, 1 静音)',
        body: voiceSettingSchema,
        response: { 200: codeResponse(voiceSettingSchema), ...protectedErrors },
      },
    },
    async (request) => {
      await account.setWhetherVoice(app.db, currentCustomerId(request), request.body.whetherVoice);
      return { code: ResponseCode.Success, message: AccountMessage.VoiceSaved, data: { whetherVoice: request.body.whetherVoice } };
    },
  );

  app.post(
    '/customer/account/avatar',
    {
      schema: {
        tags,
        summary: '上传头像 (multipart 字段 file; JPG/PNG/GIF/WEBP, 小于 2MB)',
        consumes: ['multipart/form-data'],
        response: { 200: codeResponse(z.object({ headPic: z.string() })), ...protectedErrors },
      },
    },
    async (request) => {
      const headPic = await account.uploadAvatar(app.db, currentCustomerId(request), await readAvatarUpload(request));
      return { code: ResponseCode.Success, message: AccountMessage.AvatarUploaded, data: { headPic } };
    },
  );

  app.get(
    '/customer/account/avatar',
    { schema: { tags, summary: '当前账户的头像图片 (无头像时 404)', produces: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] } },
    async (request, reply) => {
      const avatar = await account.getAvatar(app.db, currentCustomerId(request));
      const versioned = String((request.query as { v?: unknown }).v) === String(avatar.version);
      return reply
        .type(avatar.contentType)
        // A versioned URL never changes content; the bare URL must be revalidated.
        .header('cache-control', versioned ? 'private, max-age=31536000, immutable' : 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(avatar.bytes);
    },
  );

  app.put(
    '/customer/account/first-login',
    { schema: { tags, summary: '新手引导已完成或跳过', response: { 200: codeResponse(z.null()), ...protectedErrors } } },
    async (request) => {
      await account.finishGuide(app.db, currentCustomerId(request));
      return { code: ResponseCode.Success, message: CommonMessage.OperationSucceeded, data: null };
    },
  );
};
