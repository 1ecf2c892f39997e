import { queryErrorMessage } from '@portal/api-client';
import { ErrorState, isRetryable, LoadingState, PageFrame } from '@portal/design-system';
import { Descriptions, Typography } from 'antd';
import dayjs from 'dayjs';
import { useAccountQuery } from '../../store/shellApi';
import { AvatarUploader } from './AvatarUploader';
import { IngestKeyField } from './IngestKeyField';
import { IngestSigningField } from './IngestSigningField';
import { AccountInfoText } from './texts';
import { VoiceSwitch } from './VoiceSwitch';

const formatTime = (value: string): string => {
  const time = dayjs(value);
  return time.isValid() ? time.format('YYYY-MM-DD HH:mm:ss') : value;
};

/** `/account-info`: account name, creation time, sound reminder and avatar (spec 000 section 2), the lead ingestion key and the signing of server-to-server lead sends. */
export function AccountInfoPage() {
  // The sound switch and the avatar update this cache and tell the page's user (UserUpdatedEvent).
  const { data: account, error, isError, isFetching, refetch } = useAccountQuery();

  let body;
  if (isError && !isFetching) {
    body = (
      <ErrorState message={queryErrorMessage(error, AccountInfoText.LoadFailed)} onRetry={isRetryable(error) ? () => void refetch() : undefined} />
    );
  } else if (!account) body = <LoadingState />;
  else {
    body = (
      <Descriptions
        bordered
        column={1}
        styles={{ label: { width: 160 } }}
        items={[
          { key: 'account', label: AccountInfoText.AccountName, children: account.loginAccount },
          { key: 'registerTime', label: AccountInfoText.RegisterTime, children: formatTime(account.registerTime) },
          {
            key: 'voice',
            label: AccountInfoText.Voice,
            children: (
              <>
                <VoiceSwitch whetherVoice={account.whetherVoice} />
                <Typography.Text type="secondary" style={{ marginLeft: 12, fontSize: 12 }}>
                  {AccountInfoText.VoiceHint}
                </Typography.Text>
              </>
            ),
          },
          {
            key: 'avatar',
            label: AccountInfoText.Avatar,
            children: <AvatarUploader headPic={account.headPic} />,
          },
          { key: 'ingestKey', label: AccountInfoText.IngestKey, children: <IngestKeyField /> },
          { key: 'ingestSigning', label: AccountInfoText.IngestSigning, children: <IngestSigningField /> },
        ]}
      />
    );
  }
  return <PageFrame title={AccountInfoText.Title}>{body}</PageFrame>;
}
