import fastifyMultipart from '@fastify/multipart';
import { AccountMessage, CommonMessage, ResponseCode } from '@portal/contracts';
import { accountEndpoints } from '@portal/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route';
import { currentCustomerId } from '../../plugins/auth';
import * as account from './service';
import { readAvatarUpload } from './upload';

/** The account-info page: profile, sound reminder, avatar, and the first-login guide flag. */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  // Multipart parsing only where an upload is expected; elsewhere such a body is refused (415).
  await app.register(fastifyMultipart);

  route(app, accountEndpoints.info, async (request) => account.getAccountInfo(app.db, currentCustomerId(request)));

  route(app, accountEndpoints.setVoice, async (request) => {
    await account.setWhetherVoice(app.db, currentCustomerId(request), request.body.whetherVoice);
    return { code: ResponseCode.Success, message: AccountMessage.VoiceSaved, data: { whetherVoice: request.body.whetherVoice } };
  });

  route(app, accountEndpoints.uploadAvatar, async (request) => {
    const headPic = await account.uploadAvatar(app.db, currentCustomerId(request), await readAvatarUpload(request));
    return { code: ResponseCode.Success, message: AccountMessage.AvatarUploaded, data: { headPic } };
  });

  route(app, accountEndpoints.avatar, async (request, reply) => {
    const avatar = await account.getAvatar(app.db, currentCustomerId(request));
    const versioned = request.query.v === String(avatar.version);
    return (
      reply
        .type(avatar.contentType)
        // A versioned URL never changes content; the bare URL must be revalidated.
        .header('cache-control', versioned ? 'private, max-age=31536000, immutable' : 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(avatar.bytes)
    );
  });

  route(app, accountEndpoints.finishGuide, async (request) => {
    await account.finishGuide(app.db, currentCustomerId(request));
    return { code: ResponseCode.Success, message: CommonMessage.OperationSucceeded, data: null };
  });
};
