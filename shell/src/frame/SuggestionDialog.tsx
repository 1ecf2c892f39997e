import { queryErrorMessage } from '@portal/api-client';
import { CommonMessage, SUGGESTION_MAX } from '@portal/contracts';
import { MessageText, suggestionSchema } from '@portal/contracts/messages';
import { zodRule } from '@portal/design-system';
import { App, Form, Input, Modal } from 'antd';
import { useSuggestMutation } from '../store/shellApi';

export interface SuggestionDialogProps {
  open: boolean;
  onClose: () => void;
}

interface SuggestionValues {
  content: string;
}

const contentRule = zodRule(suggestionSchema, 'content');

/**
 * The top navigation's 意见建议 (full brand): up to 200 characters sent to the operator as a type 9,
 * platform 2 message. A blank text is refused with '信息不能为空'; a failed send keeps the text.
 */
export function SuggestionDialog({ open, onClose }: SuggestionDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<SuggestionValues>();
  const [suggest, { isLoading: sending }] = useSuggestMutation();

  const submit = async () => {
    let values: SuggestionValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    // The schema trims: what the rule accepted is what the server validates.
    const { content } = suggestionSchema.parse(values);
    try {
      await suggest(content).unwrap();
      message.success(MessageText.SuggestionSent);
      form.resetFields();
      onClose();
    } catch (error) {
      message.error(queryErrorMessage(error, CommonMessage.OperationFailed));
    }
  };

  return (
    <Modal
      title={MessageText.SuggestionTitle}
      open={open}
      onOk={() => void submit()}
      onCancel={onClose}
      okText={MessageText.SuggestionSubmit}
      confirmLoading={sending}
      destroyOnHidden
    >
      <Form<SuggestionValues> form={form} layout="vertical" requiredMark={false} preserve>
        <Form.Item name="content" rules={[contentRule]} style={{ marginBottom: 24 }}>
          <Input.TextArea
            aria-label={MessageText.SuggestionLabel}
            placeholder={MessageText.SuggestionPlaceholder}
            maxLength={SUGGESTION_MAX}
            showCount
            rows={6}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
