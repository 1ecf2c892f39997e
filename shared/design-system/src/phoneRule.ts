import { phoneSchema } from '@portal/contracts';
import type { FormRule } from 'antd';
import { zodValueRule } from './zodRule';

/** The spec's phone rule for a Form.Item: '请输入手机号' when empty, '格式不正确' unless 1[3-9] and 11 digits. */
export const phoneRule: FormRule = zodValueRule(phoneSchema);
