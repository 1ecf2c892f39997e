import { UploadOutlined } from '@ant-design/icons';
import { queryErrorMessage } from '@portal/api-client';
import { AccountMessage, AVATAR_MIME_TYPES, checkAvatarFile } from '@portal/contracts';
import { useUnsavedChangesGuard } from '@portal/design-system';
import { App, Avatar, Button, Flex, Typography, Upload, type UploadProps } from 'antd';
import { useUploadAvatarMutation } from '../../store/shellApi';
import { DEFAULT_AVATAR } from '../../frame/defaultAvatar';
import { AccountInfoText } from './texts';

export interface AvatarUploaderProps {
  headPic: string | null;
}

/**
 * The avatar and its upload: images under 2 MB, checked before anything is sent. The new avatar
 * shows here and in the top navigation (the account and the page's user follow the upload).
 */
export function AvatarUploader({ headPic }: AvatarUploaderProps) {
  const { message } = App.useApp();
  const [uploadAvatar, { isLoading: uploading }] = useUploadAvatarMutation();
  // An upload under way: leaving now asks first.
  useUnsavedChangesGuard(uploading);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = checkAvatarFile(file);
    if (problem) {
      message.error(problem);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = async ({ file, onSuccess, onError }) => {
    try {
      const result = await uploadAvatar(file as File).unwrap();
      message.success(AccountMessage.AvatarUploaded);
      onSuccess?.(result);
    } catch (error) {
      const text = queryErrorMessage(error, AccountInfoText.UploadFailed);
      message.error(text);
      onError?.(new Error(text));
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
