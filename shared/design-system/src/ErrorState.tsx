import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { DesignSystemText } from './texts';

export interface ErrorStateProps {
  /** The Chinese text to show, usually errorMessage(error, fallback) of @portal/api-client. */
  message: ReactNode;
  /** Shows a '重试' button when given. */
  onRetry?: () => void;
}

/** A failed load, with an optional retry. */
export function ErrorState({ message, onRetry }: ErrorStateProps) {
  return (
    <Result
      status="error"
      title={message}
      extra={
        onRetry ? (
          <Button type="primary" onClick={onRetry}>
            {DesignSystemText.Retry}
          </Button>
        ) : undefined
      }
    />
  );
}
