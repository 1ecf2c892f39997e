import { queryErrorMessage } from '@portal/api-client';
import { CommonMessage } from '@portal/contracts';
import { INGEST_SIGNATURE_HEADER, INGEST_SIGNATURE_MAX_SKEW_S, INGEST_TIMESTAMP_HEADER, IngestMessage } from '@portal/contracts/ingest';
import { ConfirmAction, isRetryable, useUnsavedChangesGuard } from '@portal/design-system';
import { Alert, App, Button, Flex, Modal, Spin, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useGenerateIngestSigningSecretMutation, useIngestSigningQuery, useSetIngestSigningRequiredMutation } from '../../store/shellApi';
import { AccountInfoText } from './texts';

const hint = AccountInfoText.signingHint(INGEST_TIMESTAMP_HEADER, INGEST_SIGNATURE_HEADER, INGEST_SIGNATURE_MAX_SKEW_S / 60);

/**
 * The signing secret of server-to-server lead sends: generated (or regenerated, which voids the old
 * one at once) and shown once in a dialog, and the 要求签名 switch that makes unsigned sends 401.
 * The server answers the secret only when it is generated; this component keeps it in its own state
 * while the dialog is open and nowhere else, so that closing the dialog is the last sight of it.
 */
export function IngestSigningField() {
  const { message, modal } = App.useApp();
  const { data, error, isError, isFetching, refetch } = useIngestSigningQuery();
  const [generateSecret, { isLoading: generating }] = useGenerateIngestSigningSecretMutation();
  const [setRequired, { isLoading: saving }] = useSetIngestSigningRequiredMutation();
  const [secret, setSecret] = useState<string | null>(null);
  // A change being saved, or a new secret shown once and not yet put away: leaving now asks first.
  useUnsavedChangesGuard(generating || saving || secret !== null, secret !== null ? { content: AccountInfoText.SecretWarning } : undefined);

  const generate = async () => {
    const request = generateSecret();
    try {
      setSecret((await request.unwrap()).secret);
    } catch (failure) {
      message.error(queryErrorMessage(failure, AccountInfoText.SecretGenerateFailed));
    } finally {
      // The store would keep the answer while this component lives: it is dropped at once (the
      // request's own reset, as the hook's reset of this render knows no request yet).
      request.reset();
    }
  };

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      message.success(AccountInfoText.KeyCopied);
    } catch {
      message.error(AccountInfoText.KeyCopyFailed);
    }
  };

  const save = async (required: boolean) => {
    try {
      await setRequired({ body: { required: required ? 1 : 0 } }).unwrap();
      message.success(IngestMessage.SigningSettingSaved);
    } catch (failure) {
      message.error(queryErrorMessage(failure, CommonMessage.SaveFailed));
    }
  };

  // Turning it on stops the landing pages that post with the key alone: that is asked first.
  const change = (on: boolean) => {
    if (!on) {
      void save(false);
      return;
    }
    modal.confirm({
      title: AccountInfoText.SigningRequiredConfirmTitle,
      content: AccountInfoText.SigningRequiredConfirm,
      onOk: () => save(true),
    });
  };

  if (isError && !isFetching) {
    return (
      <Flex align="center" gap={8}>
        <Typography.Text type="danger">{queryErrorMessage(error, AccountInfoText.SigningLoadFailed)}</Typography.Text>
        {isRetryable(error) && (
          <Button size="small" onClick={() => void refetch()}>
            {AccountInfoText.Retry}
          </Button>
        )}
      </Flex>
    );
  }
  if (!data) return <Spin size="small" />;
  const { hasSecret, required } = data;
  return (
    <div role="group" aria-label={AccountInfoText.IngestSigning}>
      <Flex align="center" gap={8} wrap>
        {hasSecret ? (
          <>
            <Typography.Text>{AccountInfoText.SigningSecretExists}</Typography.Text>
            <ConfirmAction title={AccountInfoText.RegenerateSecretConfirm} cancelMessage={CommonMessage.OperationCancelled} onConfirm={generate}>
              <Button size="small" danger loading={generating}>
                {AccountInfoText.Regenerate}
              </Button>
            </ConfirmAction>
          </>
        ) : (
          <Button size="small" type="primary" loading={generating} onClick={() => void generate()}>
            {AccountInfoText.GenerateSecret}
          </Button>
        )}
      </Flex>
      <Flex align="center" gap={8} wrap style={{ marginTop: 8 }}>
        <Switch
          aria-label={AccountInfoText.SigningRequired}
          checked={required}
          // Without a secret nothing could be signed; a requirement left on can still be lifted.
          disabled={!hasSecret && !required}
          loading={saving}
          onChange={change}
        />
        <Typography.Text>{AccountInfoText.SigningRequired}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {AccountInfoText.SigningRequiredHint}
        </Typography.Text>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
        {hint.intro}
        <br />
        <Typography.Text type="secondary" code>
          {hint.timestamp}
        </Typography.Text>
        <br />
        <Typography.Text type="secondary" code>
          {hint.signature}
        </Typography.Text>
      </Typography.Paragraph>
      <Modal
        title={AccountInfoText.SecretDialogTitle}
        open={secret !== null}
        onCancel={() => setSecret(null)}
        // Wide enough for the 64 characters of a secret on one line.
        width={640}
        mask={{ closable: false }}
        destroyOnHidden
        footer={
          <Button type="primary" onClick={() => setSecret(null)}>
            {AccountInfoText.SecretSaved}
          </Button>
        }
      >
        {secret !== null && (
          <Flex vertical gap={12}>
            <Alert type="warning" showIcon title={AccountInfoText.SecretWarning} />
            <Flex align="center" gap={8} wrap>
              <Typography.Text code style={{ wordBreak: 'break-all' }}>
                {secret}
              </Typography.Text>
              <Button size="small" onClick={() => void copy(secret)}>
                {AccountInfoText.CopyKey}
              </Button>
            </Flex>
          </Flex>
        )}
      </Modal>
    </div>
  );
}
