import { accountApi, errorMessage, type User } from '@portal/api-client';
import { CommonMessage, FirstLogin } from '@portal/contracts';
import { getEventBus, UserUpdatedEvent } from '@portal/event-bus';
import { App } from 'antd';
import { useCallback, useRef, useState } from 'react';

export interface GuideControl {
  open: boolean;
  /** The top navigation's 新手引导: shows the guide again, without telling the server anything. */
  reopen: () => void;
  close: () => void;
}

/**
 * Shows the guide once after a first login (user-info's firstLoginStutes is 1). Closing it then,
 * by 跳过 or 完成, clears the flag on the server so it does not come back.
 */
export function useGuide(user: Pick<User, 'firstLoginStutes'>): GuideControl {
  const { message } = App.useApp();
  const firstLogin = useRef(user.firstLoginStutes === FirstLogin.Yes);
  const [open, setOpen] = useState(firstLogin.current);

  const reopen = useCallback(() => setOpen(true), []);

  const close = useCallback(() => {
    setOpen(false);
    if (!firstLogin.current) return;
    firstLogin.current = false;
    accountApi.clearFirstLogin().then(
      () => getEventBus().publish(new UserUpdatedEvent({ user: { firstLoginStutes: FirstLogin.No } })),
      (error: unknown) => message.error(errorMessage(error, CommonMessage.OperationFailed)),
    );
  }, [message]);

  return { open, reopen, close };
}
