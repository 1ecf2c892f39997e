import { queryErrorMessage } from '@portal/api-client';
import { CommonMessage } from '@portal/contracts';
import { INGEST_KEY_HEADER, IngestMessage } from '@portal/contracts/ingest';
import { ConfirmAction, isRetryable, useUnsavedChangesGuard } from '@portal/design-system';
import { App, Button, Flex, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useIngestKeyQuery, useRegenerateIngestKeyMutation } from '../../store/shellApi';
import { AccountInfoText } from './texts';

/** The key with its middle hidden: enough to recognise it, not to use it. */
export const maskKey = (key: string): string => (key.length <= 8 ? '•'.repeat(key.length) : `${key.slice(0, 4)}${'•'.repeat(12)}${key.slice(-4)}`);

/**
 * The customer's lead ingestion key (landing pages, smart chat and message boards send it with
 * each lead): masked, with show and copy, and a confirmed 重新生成 that voids the old key at once.
 */
export function IngestKeyField() {
  const { message } = App.useApp();
  const { data, error, isError, isFetching, refetch } = useIngestKeyQuery();
  const [regenerateKey, { isLoading: regenerating }] = useRegenerateIngestKeyMutation();
  const [shown, setShown] = useState(false);
  // A new key being made: leaving now asks first.
  useUnsavedChangesGuard(regenerating);

  const copy = async (key: string) => {
    try {
      await navigator.clipboard.writeText(key);
      message.success(AccountInfoText.KeyCopied);
    } catch {
      message.error(AccountInfoText.KeyCopyFailed);
    }
  };

  const regenerate = async () => {
    try {
      // The cached key becomes the new one.
      await regenerateKey().unwrap();
      setShown(true);
      message.success(IngestMessage.KeyRegenerated);
    } catch (failure) {
      message.error(queryErrorMessage(failure, AccountInfoText.KeyRegenerateFailed));
    }
  };

  if (isError && !isFetching) {
    return (
      <Flex align="center" gap={8}>
        <Typography.Text type="danger">{queryErrorMessage(error, AccountInfoText.KeyLoadFailed)}</Typography.Text>
        {isRetryable(error) && (
          <Button size="small" onClick={() => void refetch()}>
            {AccountInfoText.Retry}
          </Button>
        )}
      </Flex>
    );
  }
  if (!data) return <Spin size="small" />;
  const { key } = data;
  return (
    <div>
      <Flex align="center" gap={8} wrap>
        <Typography.Text code aria-label={AccountInfoText.IngestKey}>
          {shown ? key : maskKey(key)}
        </Typography.Text>
        <Button size="small" onClick={() => setShown((now) => !now)}>
          {shown ? AccountInfoText.HideKey : AccountInfoText.ShowKey}
        </Button>
        <Button size="small" onClick={() => void copy(key)}>
          {AccountInfoText.CopyKey}
        </Button>
        <ConfirmAction title={AccountInfoText.RegenerateConfirm} cancelMessage={CommonMessage.OperationCancelled} onConfirm={regenerate}>
          <Button size="small" danger loading={regenerating}>
            {AccountInfoText.Regenerate}
          </Button>
        </ConfirmAction>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
        {AccountInfoText.ingestKeyHint(INGEST_KEY_HEADER)}
      </Typography.Paragraph>
    </div>
  );
}
