import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { DesignSystemText } from './texts';

export interface ErrorStateProps {
  /** The Chinese text to show, usually errorMessage(error, fallback) of @portal/api-client. */
  message: ReactNode;
  /** Shows a '重试' button when given: give it only where asking again can help (QueryBlock's isRetryable). */
  onRetry?: () => void;
  /** Minimum height of the area (the block's), so that the page does not jump. */
  minHeight?: number;
}

/** A failed load, announced (role alert), with 重试 where a retry can help. */
export function ErrorState({ message, onRetry, minHeight }: ErrorStateProps) {
  return (
    <div role="alert" style={minHeight === undefined ? undefined : { minHeight }}>
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
    </div>
  );
}
