import { z } from 'zod';
import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES } from '../common/constants';
import { WhetherVoice } from '../common/enums';

export const AccountMessage = {
  AvatarTooLarge: '上传头像图片大小不能超过 2MB!',
  AvatarWrongType: '上传头像图片只能是 JPG/PNG/GIF/WEBP 格式!',
  AvatarUploaded: '头像上传成功',
  VoiceSaved: '设置成功',
} as const;

/** Sound reminder switch: whetherVoice 0 plays, 1 silent. */
export const voiceSettingSchema = z.object({
  whetherVoice: z.union([z.literal(WhetherVoice.On), z.literal(WhetherVoice.Off)], { error: '提醒设置不正确' }),
});

/** Client-side check of an avatar file before upload; null when acceptable. */
export const checkAvatarFile = (file: { size: number; type: string }): string | null => {
  if (!AVATAR_MIME_TYPES.includes(file.type as (typeof AVATAR_MIME_TYPES)[number])) return AccountMessage.AvatarWrongType;
  if (file.size >= AVATAR_MAX_BYTES) return AccountMessage.AvatarTooLarge;
  return null;
};
