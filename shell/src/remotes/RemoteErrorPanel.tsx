import { Button, Result } from 'antd';
import { useState } from 'react';
import { RemoteText } from './texts';

export interface RemoteErrorPanelProps {
  /** The remote's label from the registry (e.g. 工作台). */
  label: string;
  /** Loads the remote again; the panel goes away when it mounts. */
  onRetry: () => Promise<void> | void;
}

/** Shown in the content area when a remote cannot load; the frame around it keeps working. */
export function RemoteErrorPanel({ label, onRetry }: RemoteErrorPanelProps) {
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    setRetrying(true);
    try {
      await onRetry();
    } finally {
      setRetrying(false);
    }
  };
  return (
    <Result
      status="error"
      title={RemoteText.failedTitle(label)}
      subTitle={RemoteText.FailedHint}
      extra={
        <Button type="primary" loading={retrying} onClick={retry}>
          {RemoteText.Retry}
        </Button>
      }
    />
  );
}
