import { Button, Result } from 'antd';
import { useState } from 'react';
import { RemoteText } from './texts';

export interface RemoteErrorPanelProps {
  /** The remote's label from the registry (e.g. 工作台). */
  label: string;
  /** Loads the remote again; the panel goes away when it mounts. */
  onRetry: () => Promise<void> | void;
  /** Why it was refused, when the shell knows better than "cannot load" (a version skew). */
  reason?: { title: string; hint: string };
}

/** Shown in the content area when a remote cannot load; the frame around it keeps working. */
export function RemoteErrorPanel({ label, onRetry, reason }: RemoteErrorPanelProps) {
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
      title={reason?.title ?? RemoteText.failedTitle(label)}
      subTitle={reason?.hint ?? RemoteText.FailedHint}
      extra={
        <Button type="primary" loading={retrying} onClick={retry}>
          {RemoteText.Retry}
        </Button>
      }
    />
  );
}
