/** Texts of the account-info page (validation and result messages come from AccountMessage). */
export const AccountInfoText = {
  Title: '账户信息',
  AccountName: '账户名称',
  RegisterTime: '创建时间',
  Voice: '声音提醒',
  VoiceOn: '开',
  VoiceOff: '关',
  VoiceHint: '开启后，有新线索或新消息时播放提示音',
  Avatar: '头像',
  UploadAvatar: '上传头像',
  AvatarHint: '支持 JPG、PNG、GIF、WEBP 格式，大小不超过 2MB',
  LoadFailed: '账户信息获取失败',
  UploadFailed: '头像上传失败',
} as const;
