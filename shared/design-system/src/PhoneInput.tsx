import { PHONE_LENGTH, PhoneMessage } from '@portal/contracts';
import { Input, type InputProps } from 'antd';
import { useState } from 'react';

export interface PhoneInputProps extends Omit<InputProps, 'value' | 'onChange' | 'maxLength' | 'type'> {
  value?: string;
  /** Called with the digits only. */
  onChange?: (value: string) => void;
}

const digitsOnly = (text: string): string => text.replace(/\D/g, '').slice(0, PHONE_LENGTH);

/** A mobile number field: keeps digits only, at most 11. Pair it with phoneRule in a Form.Item. */
export function PhoneInput(props: PhoneInputProps) {
  const { value, onChange, placeholder = PhoneMessage.Required, ...inputProps } = props;
  // Form.Item always passes `value` (undefined when empty): controlled then; free-standing otherwise.
  const controlled = Object.prototype.hasOwnProperty.call(props, 'value');
  const [ownValue, setOwnValue] = useState('');
  return (
    <Input
      {...inputProps}
      type="tel"
      inputMode="numeric"
      autoComplete="tel"
      maxLength={PHONE_LENGTH}
      placeholder={placeholder}
      value={controlled ? (value ?? '') : ownValue}
      onChange={(event) => {
        const next = digitsOnly(event.target.value);
        if (!controlled) setOwnValue(next);
        onChange?.(next);
      }}
    />
  );
}
