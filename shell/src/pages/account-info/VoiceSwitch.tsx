import { accountApi, errorMessage } from '@portal/api-client';
import { AccountMessage, CommonMessage, WhetherVoice } from '@portal/contracts';
import { App, Switch } from 'antd';
import { useState } from 'react';
import { AccountInfoText } from './texts';

export interface VoiceSwitchProps {
  /** 0 plays the sound reminder (WhetherVoice.On). */
  whetherVoice: number;
  onSaved: (whetherVoice: number) => void;
}

/** The sound-reminder switch, saved on the server at each change. */
export function VoiceSwitch({ whetherVoice, onSaved }: VoiceSwitchProps) {
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const change = async (on: boolean) => {
    const next = on ? WhetherVoice.On : WhetherVoice.Off;
    setSaving(true);
    try {
      await accountApi.updateVoice({ whetherVoice: next });
      onSaved(next);
      message.success(AccountMessage.VoiceSaved);
    } catch (error) {
      message.error(errorMessage(error, CommonMessage.SaveFailed));
    } finally {
      setSaving(false);
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
