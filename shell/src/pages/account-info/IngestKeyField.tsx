import { accountApi, errorMessage } from '@portal/api-client';
import { CommonMessage, INGEST_KEY_HEADER, IngestMessage } from '@portal/contracts';
import { ConfirmAction } from '@portal/design-system';
import { App, Button, Flex, Spin, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { AccountInfoText } from './texts';

type KeyState = { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'ready'; key: string };

/** The key with its middle hidden: enough to recognise it, not to use it. */
export const maskKey = (key: string): string => (key.length <= 8 ? '•'.repeat(key.length) : `${key.slice(0, 4)}${'•'.repeat(12)}${key.slice(-4)}`);

/**
 * The customer's lead ingestion key (landing pages, smart chat and message boards send it with
 * each lead): masked, with show and copy, and a confirmed 重新生成 that voids the old key at once.
 */
export function IngestKeyField() {
  const { message } = App.useApp();
  const [state, setState] = useState<KeyState>({ status: 'loading' });
  const [shown, setShown] = useState(false);
  const [regenerating, setRegenerating] = useState(false);

  const load = useCallback(() => {
    setState({ status: 'loading' });
    accountApi.ingestKey().then(
      ({ key }) => setState({ status: 'ready', key }),
      (error: unknown) => setState({ status: 'failed', error }),
    );
  }, []);
  useEffect(load, [load]);

  const copy = async (key: string) => {
    try {
      await navigator.clipboard.writeText(key);
      message.success(AccountInfoText.KeyCopied);
    } catch {
      message.error(AccountInfoText.KeyCopyFailed);
    }
  };

  const regenerate = async () => {
    setRegenerating(true);
    try {
      const { key } = await accountApi.regenerateIngestKey();
      setState({ status: 'ready', key });
      setShown(true);
      message.success(IngestMessage.KeyRegenerated);
    } catch (error) {
      message.error(errorMessage(error, AccountInfoText.KeyRegenerateFailed));
    } finally {
      setRegenerating(false);
    }
  };

  if (state.status === 'loading') return <Spin size="small" />;
  if (state.status === 'failed') {
    return (
      <Flex align="center" gap={8}>
        <Typography.Text type="danger">{errorMessage(state.error, AccountInfoText.KeyLoadFailed)}</Typography.Text>
        <Button size="small" onClick={load}>
          {AccountInfoText.Retry}
        </Button>
      </Flex>
    );
  }
  const { key } = state;
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
