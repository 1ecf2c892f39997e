import { UploadOutlined } from '@ant-design/icons';
import { accountApi, errorMessage } from '@portal/api-client';
import { AccountMessage, AVATAR_MIME_TYPES, checkAvatarFile } from '@portal/contracts';
import { App, Avatar, Button, Flex, Typography, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import { DEFAULT_AVATAR } from '../../frame/texts';
import { AccountInfoText } from './texts';

export interface AvatarUploaderProps {
  headPic: string | null;
  onUploaded: (headPic: string) => void;
}

/** The avatar and its upload: images under 2 MB, checked before anything is sent. */
export function AvatarUploader({ headPic, onUploaded }: AvatarUploaderProps) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = checkAvatarFile(file);
    if (problem) {
      message.error(problem);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = async ({ file, onSuccess, onError }) => {
    setUploading(true);
    try {
      const result = await accountApi.uploadAvatar(file as File);
      onUploaded(result.headPic);
      message.success(AccountMessage.AvatarUploaded);
      onSuccess?.(result);
    } catch (error) {
      message.error(errorMessage(error, AccountInfoText.UploadFailed));
      onError?.(error as Error);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Flex align="center" gap={16}>
      <Avatar size={72} src={headPic || DEFAULT_AVATAR} alt={AccountInfoText.Avatar} />
      <div>
        <Upload accept={AVATAR_MIME_TYPES.join(',')} showUploadList={false} beforeUpload={beforeUpload} customRequest={customRequest}>
          <Button icon={<UploadOutlined />} loading={uploading}>
            {AccountInfoText.UploadAvatar}
          </Button>
        </Upload>
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
          {AccountInfoText.AvatarHint}
        </Typography.Paragraph>
      </div>
    </Flex>
  );
}
