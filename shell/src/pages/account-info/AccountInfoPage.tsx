import { accountApi, errorMessage, type AccountInfo } from '@portal/api-client';
import { ErrorState, LoadingState, PageFrame } from '@portal/design-system';
import { getEventBus, UserUpdatedEvent } from '@portal/event-bus';
import { Descriptions, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { AvatarUploader } from './AvatarUploader';
import { IngestKeyField } from './IngestKeyField';
import { AccountInfoText } from './texts';
import { VoiceSwitch } from './VoiceSwitch';

type PageState = { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'ready'; account: AccountInfo };

const formatTime = (value: string): string => {
  const time = dayjs(value);
  return time.isValid() ? time.format('YYYY-MM-DD HH:mm:ss') : value;
};

/** `/account-info`: account name, creation time, sound reminder and avatar (spec 000 section 2), and the lead ingestion key. */
export function AccountInfoPage() {
  const [state, setState] = useState<PageState>({ status: 'loading' });

  const load = useCallback(() => {
    setState({ status: 'loading' });
    accountApi.account().then(
      (account) => setState({ status: 'ready', account }),
      (error: unknown) => setState({ status: 'failed', error }),
    );
  }, []);
  useEffect(load, [load]);

  /** Shows the change here and tells the rest of the page (the top navigation's avatar). */
  const update = (patch: Partial<AccountInfo>) => {
    setState((current) => (current.status === 'ready' ? { status: 'ready', account: { ...current.account, ...patch } } : current));
    getEventBus().publish(new UserUpdatedEvent({ user: patch }));
  };

  let body;
  if (state.status === 'loading') body = <LoadingState />;
  else if (state.status === 'failed') body = <ErrorState message={errorMessage(state.error, AccountInfoText.LoadFailed)} onRetry={load} />;
  else {
    const { account } = state;
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
                <VoiceSwitch whetherVoice={account.whetherVoice} onSaved={(whetherVoice) => update({ whetherVoice })} />
                <Typography.Text type="secondary" style={{ marginLeft: 12, fontSize: 12 }}>
                  {AccountInfoText.VoiceHint}
                </Typography.Text>
              </>
            ),
          },
          {
            key: 'avatar',
            label: AccountInfoText.Avatar,
            children: <AvatarUploader headPic={account.headPic} onUploaded={(headPic) => update({ headPic })} />,
          },
          { key: 'ingestKey', label: AccountInfoText.IngestKey, children: <IngestKeyField /> },
        ]}
      />
    );
  }
  return <PageFrame title={AccountInfoText.Title}>{body}</PageFrame>;
}
