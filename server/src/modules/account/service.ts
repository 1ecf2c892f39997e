import { AccountMessage, type AccountInfo, type SessionUser } from '@portal/contracts';
import { accountEndpoints } from '@portal/contracts/endpoints';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { badRequest, notFound, unauthorized } from '../../http/errors';
import { ServerMessage } from '../../http/messages';
import { nowIso, toChinaDateTime } from '../../lib/time';
import { detectImageType } from './image';
import * as repo from './repo';

/** The avatar's URL; the version makes a new upload a new URL, so caches never show the old one. */
export const avatarUrl = (version: number | null): string | null => (version === null ? null : `/rest${accountEndpoints.avatar.path}?v=${version}`);

async function profileOf(db: Db, customerId: number): Promise<repo.Profile> {
  const profile = await repo.findProfile(db, customerId);
  // Sessions go with their account; a session without one is as good as none.
  if (!profile) throw unauthorized();
  return profile;
}

/** The session user (login and user-info); thumbnail and headPic are the same image. */
export async function getUser(db: Db, customerId: number): Promise<SessionUser> {
  const profile = await profileOf(db, customerId);
  const picture = avatarUrl(profile.avatarVersion);
  return {
    id: profile.id,
    type: profile.type,
    whetherVoice: profile.whetherVoice,
    thumbnail: picture,
    headPic: picture,
    loginAccount: profile.loginAccount,
    registerTime: toChinaDateTime(profile.registerTime),
    firstLoginStutes: profile.firstLogin,
  };
}

export async function getAccountInfo(db: Db, customerId: number): Promise<AccountInfo> {
  const profile = await profileOf(db, customerId);
  return {
    loginAccount: profile.loginAccount,
    registerTime: toChinaDateTime(profile.registerTime),
    whetherVoice: profile.whetherVoice,
    headPic: avatarUrl(profile.avatarVersion),
  };
}

export const setWhetherVoice = (db: Db, customerId: number, whetherVoice: number): Promise<void> =>
  repo.updateWhetherVoice(db, customerId, whetherVoice);

/** The first-login guide was finished or skipped: it does not show again. */
export const finishGuide = (db: Db, customerId: number): Promise<void> => repo.clearFirstLogin(db, customerId);

/** Stores an uploaded avatar after checking what its bytes are; returns its URL. */
export async function uploadAvatar(db: Kysely<Database>, customerId: number, bytes: Buffer): Promise<string> {
  const contentType = detectImageType(bytes);
  if (!contentType) throw badRequest(AccountMessage.AvatarWrongType);
  const version = await repo.saveAvatar(db, customerId, contentType, bytes, nowIso());
  return avatarUrl(version)!;
}

export async function getAvatar(db: Db, customerId: number): Promise<{ contentType: string; bytes: Buffer; version: number | null }> {
  const avatar = await repo.findAvatar(db, customerId);
  if (!avatar) throw notFound(ServerMessage.AvatarNotFound);
  return { contentType: avatar.contentType, bytes: avatar.bytes, version: avatar.avatarVersion };
}
