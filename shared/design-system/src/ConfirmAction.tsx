import { CommonMessage, LeadMessage } from '@portal/contracts';
import { App, Popconfirm } from 'antd';
import type { ReactElement, ReactNode } from 'react';

export interface ConfirmActionProps {
  /** Default '确定删除?'. */
  title?: ReactNode;
  description?: ReactNode;
  /** Runs on 确定; while a returned promise is pending the button shows loading. */
  onConfirm: () => void | Promise<unknown>;
  onCancel?: () => void;
  /** Shown on 取消; default '已取消删除'; null shows nothing. */
  cancelMessage?: string | null;
  disabled?: boolean;
  /** The button or link that asks. */
  children: ReactElement;
}

/** Asks before a destructive action, with the spec's texts. Needs DesignSystemProvider above it. */
export function ConfirmAction({
  title = LeadMessage.ConfirmDelete,
  description,
  onConfirm,
  onCancel,
  cancelMessage = CommonMessage.DeleteCancelled,
  disabled,
  children,
}: ConfirmActionProps) {
  const { message } = App.useApp();
  return (
    <Popconfirm
      title={title}
      description={description}
      disabled={disabled}
      onConfirm={() => onConfirm()}
      onCancel={() => {
        if (cancelMessage) message.info(cancelMessage);
        onCancel?.();
      }}
    >
      {children}
    </Popconfirm>
  );
}
