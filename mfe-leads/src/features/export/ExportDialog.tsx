import { errorMessage } from '@portal/api-client';
import { EXPORT_READ_STATUS_LABELS, ExportReadStatus, FileGenre, type LeadListKind, type PlatformItem } from '@portal/contracts';
import { FILE_GENRE_LABELS, LEAD_MAX_DAYS, leadExportFormSchema, toLeadExportParams, type LeadExportForm } from '@portal/contracts/leads';
import { DayRangePicker, ProjectPicker, zodRule } from '@portal/design-system';
import { App, Form, Modal, Select } from 'antd';
import { startLeadExport, type ExportQuery } from './leadExportDownload';
import { ExportText } from './texts';

export interface ExportDialogProps {
  open: boolean;
  onClose: () => void;
  /** The list whose download this is (the catalogue's leadExportEndpoints[kind]). */
  kind: LeadListKind;
  /** Query parameters the list always sends (the form list's platformId). */
  fixedParams?: Readonly<ExportQuery>;
  /** Every project of the customer, whatever its status (each offered with it). */
  items: readonly PlatformItem[];
  /**
   * Where the form starts: the list passes its filter (days, project, read status) and CSV. No
   * project given starts on 全部项目 (null), as the list without a project shows every project.
   */
  initialValues?: Partial<LeadExportForm>;
}

const READ_STATUS_OPTIONS = [ExportReadStatus.Any, ExportReadStatus.Unread, ExportReadStatus.Read].map((value) => ({
  value,
  label: EXPORT_READ_STATUS_LABELS[value],
}));
const FILE_GENRE_OPTIONS = [{ value: FileGenre.Csv, label: FILE_GENRE_LABELS[FileGenre.Csv] }];

/**
 * The export dialog of the lead lists (spec 000 sections 3 and 5): days, project (one of any
 * status, or 全部项目), read status and format, each required with the spec's message (the
 * contracts' schema), then the file's download. All projects have the bounds of one: the days.
 */
export function ExportDialog({ open, onClose, kind, fixedParams, items, initialValues }: ExportDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<LeadExportForm>();

  const submit = async () => {
    await form.validateFields();
    const values = leadExportFormSchema.parse(form.getFieldsValue(true));
    const started = startLeadExport(kind, { ...fixedParams, ...toLeadExportParams(values) });
    if ('refusal' in started) {
      message.warning(started.refusal);
      return;
    }
    message.info(ExportText.Started);
    onClose();
    // The dialog is closed by then: a refusal of the server (such as a third export at once)
    // shows its message on the page.
    started.done.catch((error: unknown) => message.error(errorMessage(error)));
  };

  return (
    <Modal
      open={open}
      title={ExportText.Title}
      okText={ExportText.Ok}
      cancelText={ExportText.Cancel}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<LeadExportForm>
        form={form}
        name="leadExport"
        layout="vertical"
        initialValues={{ ...initialValues, itemId: initialValues?.itemId ?? null }}
        preserve={false}
      >
        <Form.Item name="dateRange" label={ExportText.Range} rules={[zodRule(leadExportFormSchema, 'dateRange')]}>
          <DayRangePicker maxDays={LEAD_MAX_DAYS} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="itemId" label={ExportText.Item} rules={[zodRule(leadExportFormSchema, 'itemId')]}>
          <ProjectPicker items={items} allowAll placeholder={ExportText.ItemPlaceholder} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="readStatus" label={ExportText.ReadStatus} rules={[zodRule(leadExportFormSchema, 'readStatus')]}>
          <Select options={READ_STATUS_OPTIONS} placeholder={ExportText.ReadStatus} />
        </Form.Item>
        <Form.Item name="fileGenre" label={ExportText.FileGenre} rules={[zodRule(leadExportFormSchema, 'fileGenre')]}>
          <Select options={FILE_GENRE_OPTIONS} placeholder={ExportText.FileGenre} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
