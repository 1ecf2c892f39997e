import { queryErrorMessage, type User } from '@portal/api-client';
import { CommonMessage, FirstLogin } from '@portal/contracts';
import { App } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useFinishGuideMutation } from '../store/shellApi';

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
  const [finishGuide] = useFinishGuideMutation();

  const reopen = useCallback(() => setOpen(true), []);

  const close = useCallback(() => {
    setOpen(false);
    if (!firstLogin.current) return;
    firstLogin.current = false;
    // The cached user takes firstLoginStutes 0 once the server has it (UserUpdatedEvent).
    finishGuide()
      .unwrap()
      .catch((error: unknown) => message.error(queryErrorMessage(error, CommonMessage.OperationFailed)));
  }, [finishGuide, message]);

  return { open, reopen, close };
}
