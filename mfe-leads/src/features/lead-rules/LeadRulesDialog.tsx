import { queryErrorMessage } from '@portal/api-client';
import { CommonMessage } from '@portal/contracts';
import {
  DUPLICATE_ACTION_LABELS,
  DUPLICATE_ACTIONS,
  DUPLICATE_SCOPE_LABELS,
  DUPLICATE_SCOPES,
  DuplicateText,
  leadRulesSaveSchema,
  PhoneCheckText,
  type LeadRules,
  type LeadRulesSave,
} from '@portal/contracts/leads';
import { QueryBlock, zodRule } from '@portal/design-system';
import { Alert, App, Button, Flex, Form, InputNumber, Modal, Radio, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useGetLeadRulesQuery, useSaveLeadRulesMutation } from './leadRulesApi';
import { LeadRulesText } from './texts';

const SCOPE_OPTIONS = DUPLICATE_SCOPES.map((value) => ({ value, label: DUPLICATE_SCOPE_LABELS[value] }));
const ACTION_OPTIONS = DUPLICATE_ACTIONS.map((value) => ({ value, label: DUPLICATE_ACTION_LABELS[value] }));

/** The field a refusal of the server is about (the body schema's messages), else none: shown above the form. */
const FIELD_OF_MESSAGE: Record<string, keyof LeadRulesSave> = {
  [DuplicateText.WindowInvalid]: 'duplicateWindowDays',
  [DuplicateText.ScopeInvalid]: 'duplicateScope',
  [DuplicateText.ActionInvalid]: 'duplicateAction',
  [PhoneCheckText.HoldInvalid]: 'phoneHoldBack',
  [PhoneCheckText.NoChecker]: 'phoneHoldBack',
};

interface LeadRulesFormProps {
  rules: LeadRules;
  onClose: () => void;
}

/**
 * The rule as loaded; 保存 checks it with the body's schema (the server's) and sends it. Without a
 * phone checker the hold-back switch is disabled and left out of the body (absent: kept), so that
 * a hold-back saved before the checker went away never blocks saving the duplicate rule.
 */
function LeadRulesForm({ rules, onClose }: LeadRulesFormProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<LeadRulesSave>();
  const [save, saving] = useSaveLeadRulesMutation();
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (values: LeadRulesSave) => {
    setRefusal(null);
    try {
      const body = leadRulesSaveSchema.parse(values);
      if (!rules.phoneChecker) delete body.phoneHoldBack;
      await save(body).unwrap();
      void message.success(CommonMessage.SaveSucceeded);
      onClose();
    } catch (error) {
      // The dialog stays open with what was chosen.
      const text = queryErrorMessage(error, CommonMessage.SaveFailed);
      const field = FIELD_OF_MESSAGE[text];
      if (field) form.setFields([{ name: field, errors: [text] }]);
      else setRefusal(text);
    }
  };

  return (
    <Form<LeadRulesSave>
      form={form}
      name="leadRules"
      layout="vertical"
      initialValues={rules}
      onFinish={(values) => void submit(values)}
      onValuesChange={() => setRefusal(null)}
    >
      {refusal ? <Alert type="error" showIcon role="alert" title={refusal} style={{ marginBottom: 16 }} /> : null}
      <Typography.Paragraph type="secondary">{LeadRulesText.Hint}</Typography.Paragraph>
      <Form.Item
        name="duplicateWindowDays"
        label={LeadRulesText.WindowDays}
        rules={[zodRule(leadRulesSaveSchema, 'duplicateWindowDays')]}
        extra={LeadRulesText.WindowOff}
      >
        {/* No min / max here: they would silently clamp what is typed; the schema's message says the bounds instead. */}
        <InputNumber suffix={LeadRulesText.DaysUnit} step={1} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="duplicateScope" label={LeadRulesText.Scope} rules={[zodRule(leadRulesSaveSchema, 'duplicateScope')]}>
        <Radio.Group aria-label={LeadRulesText.Scope} options={SCOPE_OPTIONS} />
      </Form.Item>
      <Form.Item
        name="duplicateAction"
        label={LeadRulesText.Action}
        rules={[zodRule(leadRulesSaveSchema, 'duplicateAction')]}
        extra={LeadRulesText.AppliesFromNow}
      >
        <Radio.Group aria-label={LeadRulesText.Action} options={ACTION_OPTIONS} />
      </Form.Item>
      <Form.Item
        name="phoneHoldBack"
        label={PhoneCheckText.HoldLabel}
        valuePropName="checked"
        rules={[zodRule(leadRulesSaveSchema, 'phoneHoldBack')]}
        extra={
          rules.phoneChecker ? (
            PhoneCheckText.HoldHelp
          ) : (
            <>
              {PhoneCheckText.HoldHelp}
              <br />
              <Typography.Text type="warning">{PhoneCheckText.NoChecker}</Typography.Text>
            </>
          )
        }
      >
        <Switch disabled={!rules.phoneChecker} />
      </Form.Item>
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{LeadRulesText.Cancel}</Button>
        <Button type="primary" htmlType="submit" loading={saving.isLoading}>
          {LeadRulesText.Save}
        </Button>
      </Flex>
    </Form>
  );
}

/**
 * The dialog's body: mounted while it is open, so that it asks the server each time it opens. The
 * lists hold the rule too (its phoneChecker): the form waits for an answer that came after the
 * opening, never showing their older copy.
 */
function LeadRulesContent({ onClose }: { onClose: () => void }) {
  const rules = useGetLeadRulesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [openedAt] = useState(Date.now);
  const fresh = (rules.fulfilledTimeStamp ?? 0) >= openedAt;
  return (
    <QueryBlock query={{ ...rules, data: fresh ? rules.data : undefined }} isEmpty={() => false} errorText={LeadRulesText.LoadFailed} minHeight={200}>
      {(loaded) => <LeadRulesForm rules={loaded} onClose={onClose} />}
    </QueryBlock>
  );
}

export interface LeadRulesDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * 重复线索规则 (issue 24): how duplicates are found and handled for the customer's leads arriving
 * from now on: 查重天数 (0 to 365, 0 turns the check off), 查重范围 (全部项目 / 同一项目) and 重复线索处理 (不分配、不推送 /
 * 不分配，在首条线索的CRM记录上写跟进 / 按新线索分配和推送), and the phone hold-back (空号、风险号不分配、不推送, only with a phone checker).
 * Loaded when it opens (GET /customer/lead-rules), saved with PUT.
 */
export function LeadRulesDialog({ open, onClose }: LeadRulesDialogProps) {
  return (
    <Modal open={open} title={LeadRulesText.Title} onCancel={onClose} footer={null} destroyOnHidden>
      <LeadRulesContent onClose={onClose} />
    </Modal>
  );
}
