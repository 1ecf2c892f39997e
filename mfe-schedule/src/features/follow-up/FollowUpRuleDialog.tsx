import { queryErrorMessage } from '@portal/api-client';
import { ALL_PROJECTS_ITEM_ID, followUpRuleSaveSchema, FollowUpText, ScheduleMessage, type FollowUpRuleSave } from '@portal/contracts/schedule';
import { ProjectPicker, type ProjectOption, zodRule } from '@portal/design-system';
import { Alert, App, Button, Flex, Form, InputNumber, Modal, Switch } from 'antd';
import { useState } from 'react';
import type { FollowUpRule, ScheduleItem } from '../../api/scheduleCalls';
import { freeChoices, ruleProject } from './followUpRules';
import { FollowUpUiText } from './texts';

/** The field a refusal of the server is about (the body schema's messages, and 404's 项目不正确), else none: shown above the form. */
const FIELD_OF_MESSAGE: Record<string, keyof FollowUpRuleSave> = {
  [FollowUpText.ItemInvalid]: 'itemId',
  [FollowUpText.DeadlineInvalid]: 'deadlineMinutes',
  [FollowUpText.RecycleLimitInvalid]: 'recycleLimit',
};

/** What the form holds: the body, each value possibly empty while it is typed. */
type FollowUpValues = { [K in keyof FollowUpRuleSave]?: FollowUpRuleSave[K] | null };

interface RuleProjectSelectProps {
  id?: string;
  /** The form's itemId: 0 for 全部项目. */
  value?: number | null;
  onChange?: (value: number) => void;
  items: readonly ProjectOption[];
  allowAll: boolean;
  disabled: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

/** The design system's project picker over the form's itemId: its 全部项目 (null) is ALL_PROJECTS_ITEM_ID. */
function RuleProjectSelect({ value, onChange, allowAll, ...picker }: RuleProjectSelectProps) {
  return (
    <ProjectPicker
      {...picker}
      allowAll={allowAll}
      disableInactive
      value={value === ALL_PROJECTS_ITEM_ID ? null : value}
      onChange={(next) => onChange?.(next ?? ALL_PROJECTS_ITEM_ID)}
      style={{ width: '100%' }}
    />
  );
}

export interface FollowUpRuleDialogProps {
  open: boolean;
  /** The rule edited (its project fixed), or null for 新增跟进时限. */
  rule: FollowUpRule | null;
  /** The customer's rules: 新增 offers what has none yet. */
  rules: readonly FollowUpRule[];
  /** The customer's projects (itemList). */
  projects: readonly ScheduleItem[];
  /** PUT the rule; resolves when saved (the list is read again), rejects with the server's refusal. */
  save: (body: FollowUpRuleSave) => Promise<unknown>;
  saving: boolean;
  onClose: () => void;
}

const toOption = (item: ScheduleItem): ProjectOption => ({ id: item.itemId, title: item.itemTitle, status: item.status });

/** The picker's projects and whether it offers 全部项目: 新增, what has no rule yet; editing, the rule's own. */
function pickerChoices(rule: FollowUpRule | null, rules: readonly FollowUpRule[], projects: readonly ScheduleItem[]) {
  if (rule === null) {
    const free = freeChoices(rules, projects);
    return { allowAll: free.allProjects, items: free.projects.map(toOption) };
  }
  if (rule.itemId === ALL_PROJECTS_ITEM_ID) return { allowAll: true, items: [] };
  const own = projects.find((item) => item.itemId === rule.itemId);
  return { allowAll: false, items: [own ? toOption(own) : { id: rule.itemId, title: ruleProject(rule), status: 1 }] };
}

/** The dialog's form: mounted while the dialog is open, so that each opening starts from the rule (or the defaults). */
function FollowUpRuleForm({ rule, rules, projects, save, saving, onClose }: Omit<FollowUpRuleDialogProps, 'open'>) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FollowUpValues>();
  const recycle = Form.useWatch('recycle', form) === true;
  const [refusal, setRefusal] = useState<string | null>(null);
  const editing = rule !== null;
  // Fixed at the opening: the list read again after a save must not take the project from the picker while the dialog closes.
  const [{ allowAll, items }] = useState(() => pickerChoices(rule, rules, projects));
  const initialValues: FollowUpValues = rule ?? {
    // 全部项目 first while it has no rule: the picker shows it chosen, so the form holds it.
    itemId: allowAll ? ALL_PROJECTS_ITEM_ID : undefined,
    deadlineMinutes: undefined,
    workingHoursOnly: false,
    recycle: false,
    recycleLimit: 1,
  };

  const submit = async (values: FollowUpValues) => {
    setRefusal(null);
    // A rule that does not recycle has no limit to keep: 0, whatever the disabled field holds.
    const parsed = followUpRuleSaveSchema.safeParse({ ...values, recycleLimit: values.recycle ? values.recycleLimit : 0 });
    if (!parsed.success) {
      setRefusal(parsed.error.issues[0]?.message ?? ScheduleMessage.SaveFailed);
      return;
    }
    try {
      await save(parsed.data);
      message.success(FollowUpText.Saved);
      onClose();
    } catch (error) {
      // The dialog stays open with what was typed.
      const text = queryErrorMessage(error, ScheduleMessage.SaveFailed);
      const field = FIELD_OF_MESSAGE[text];
      if (field && !(field === 'itemId' && editing)) form.setFields([{ name: field, errors: [text] }]);
      else setRefusal(text);
    }
  };

  return (
    <Form<FollowUpValues>
      form={form}
      name="followUpRule"
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => void submit(values)}
      onValuesChange={() => setRefusal(null)}
    >
      {refusal ? <Alert type="error" showIcon role="alert" title={refusal} style={{ marginBottom: 16 }} /> : null}
      <Form.Item
        name="itemId"
        label={FollowUpText.Project}
        validateFirst
        rules={[{ required: true, message: ScheduleMessage.SelectProjectFirst }, zodRule(followUpRuleSaveSchema, 'itemId')]}
      >
        <RuleProjectSelect items={items} allowAll={allowAll} disabled={editing} />
      </Form.Item>
      <Form.Item
        name="deadlineMinutes"
        label={FollowUpText.Deadline}
        rules={[zodRule(followUpRuleSaveSchema, 'deadlineMinutes')]}
        extra={FollowUpUiText.DeadlineHelp}
      >
        {/* No min / max here: they would silently clamp what is typed; the schema's message says the bounds instead. */}
        <InputNumber<number> suffix={FollowUpUiText.Minutes} step={1} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="workingHoursOnly" label={FollowUpText.WorkingHoursOnly} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="recycle" label={FollowUpText.Recycle} valuePropName="checked" extra={FollowUpUiText.RecycleHelp}>
        <Switch />
      </Form.Item>
      <Form.Item
        name="recycleLimit"
        label={FollowUpText.RecycleLimit}
        rules={recycle ? [zodRule(followUpRuleSaveSchema, 'recycleLimit')] : []}
        extra={FollowUpUiText.RecycleLimitHelp}
      >
        <InputNumber<number> step={1} disabled={!recycle} style={{ width: 200 }} />
      </Form.Item>
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{FollowUpUiText.Cancel}</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {FollowUpText.Save}
        </Button>
      </Flex>
    </Form>
  );
}

/**
 * 新增跟进时限 / 编辑跟进时限: the project (新增: 全部项目 and the customer's projects without a rule,
 * those not on air disabled; 编辑: the rule's, fixed), 跟进时限（分钟） (1 to 10080), 只计工作时间,
 * 超时回收 and 最多回收次数 (0 to 5, only while 超时回收 is on). 保存 checks the body with the
 * contracts' followUpRuleSaveSchema (the server's) and sends it: '跟进时限已保存' and the dialog
 * closes; refused, the server's message (on its field where it names one) and what was typed stays.
 */
export function FollowUpRuleDialog({ open, rule, onClose, ...form }: FollowUpRuleDialogProps) {
  return (
    <Modal open={open} title={rule ? FollowUpUiText.EditTitle : FollowUpText.Add} onCancel={onClose} footer={null} destroyOnHidden>
      <FollowUpRuleForm rule={rule} onClose={onClose} {...form} />
    </Modal>
  );
}
