import { queryErrorMessage } from '@portal/api-client';
import { CrmMessage } from '@portal/contracts/crm';
import { QueryBlock } from '@portal/design-system';
import { App, Button, Form, Select, Typography } from 'antd';
import { useGetTemplateMappingsQuery, useGetTemplatesQuery, useSaveTemplateMappingMutation } from './templateApi';
import { TEMPLATE_TYPES, TemplateText } from './texts';

interface TemplateRowProps {
  type: '1' | '2';
  label: string;
  options: Array<{ value: string; label: string }>;
  /** The CRM template the type maps to now. */
  current?: string;
}

/** One of our types and its ec template, saved on its own (form-encoded crmTemplateId and type). */
function TemplateRow({ type, label, options, current }: TemplateRowProps) {
  const { message } = App.useApp();
  const [save, saving] = useSaveTemplateMappingMutation();
  const submit = async ({ crmTemplateId }: { crmTemplateId: string }) => {
    try {
      await save({ crmTemplateId, type }).unwrap();
      message.success(CrmMessage.SaveSucceeded);
    } catch (error) {
      message.error(queryErrorMessage(error, CrmMessage.SaveFailed));
    }
  };
  return (
    <Form
      name={`template-${type}`}
      layout="inline"
      initialValues={{ crmTemplateId: current }}
      onFinish={submit}
      style={{ marginBottom: 16 }}
      data-testid={`template-${type}`}
    >
      <Form.Item name="crmTemplateId" label={label} rules={[{ required: true, message: CrmMessage.TemplateRequired }]}>
        <Select options={options} placeholder={TemplateText.Placeholder} style={{ width: 280 }} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={saving.isLoading}>
          {TemplateText.Save}
        </Button>
      </Form.Item>
    </Form>
  );
}

/** 模板配置 (ec): for form leads (1) and smart-chat leads (2), the ec template pushes create customers with. */
export function TemplateTab() {
  const templates = useGetTemplatesQuery();
  const mappings = useGetTemplateMappingsQuery();
  return (
    <>
      <Typography.Paragraph type="secondary">{TemplateText.Intro}</Typography.Paragraph>
      <QueryBlock query={templates} emptyText={TemplateText.NoTemplates}>
        {(list) => (
          <QueryBlock query={mappings} isEmpty={() => false}>
            {(saved) => {
              const options = list.map((template) => ({ value: template.id, label: template.name }));
              return TEMPLATE_TYPES.map(({ type, label }) => (
                <TemplateRow
                  key={type}
                  type={type}
                  label={label}
                  options={options}
                  current={saved.find((m) => String(m.type) === type)?.crmTemplateId}
                />
              ));
            }}
          </QueryBlock>
        )}
      </QueryBlock>
    </>
  );
}
