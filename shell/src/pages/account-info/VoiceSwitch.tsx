import { queryErrorMessage } from '@portal/api-client';
import { AccountMessage, CommonMessage, WhetherVoice } from '@portal/contracts';
import { useUnsavedChangesGuard } from '@portal/design-system';
import { App, Switch } from 'antd';
import { useSetVoiceMutation } from '../../store/shellApi';
import { AccountInfoText } from './texts';

export interface VoiceSwitchProps {
  /** 0 plays the sound reminder (WhetherVoice.On). */
  whetherVoice: number;
}

/** The sound-reminder switch, saved on the server at each change (the account and the page's user follow). */
export function VoiceSwitch({ whetherVoice }: VoiceSwitchProps) {
  const { message } = App.useApp();
  const [setVoice, { isLoading: saving }] = useSetVoiceMutation();
  // A change being saved: leaving now asks first.
  useUnsavedChangesGuard(saving);
  const change = async (on: boolean) => {
    try {
      await setVoice({ body: { whetherVoice: on ? WhetherVoice.On : WhetherVoice.Off } }).unwrap();
      message.success(AccountMessage.VoiceSaved);
    } catch (error) {
      message.error(queryErrorMessage(error, CommonMessage.SaveFailed));
    }
  };
  return (
    <Switch
      aria-label={AccountInfoText.Voice}
      checked={whetherVoice === WhetherVoice.On}
      loading={saving}
      onChange={change}
      checkedChildren={AccountInfoText.VoiceOn}
      unCheckedChildren={AccountInfoText.VoiceOff}
    />
  );
}
