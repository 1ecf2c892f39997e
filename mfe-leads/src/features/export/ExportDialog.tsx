import { errorMessage } from '@portal/api-client';
import { EXPORT_READ_STATUS_LABELS, ExportReadStatus, FileGenre, type LeadListKind, type PlatformItem } from '@portal/contracts';
import {
  DuplicateText,
  FILE_GENRE_LABELS,
  LEAD_MAX_DAYS,
  leadExportFormSchema,
  toLeadExportParams,
  type LeadExportForm,
} from '@portal/contracts/leads';
import { DayRangePicker, ProjectPicker, zodRule } from '@portal/design-system';
import { App, Form, Modal, Select } from 'antd';
import { DUPLICATE_FILTER_OPTIONS } from '../lead-list/duplicates';
import { ANY } from '../lead-list/leadFilters';
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
  initialValues?: Partial<ExportFormValues>;
}

/** The form: the contracts' export form, and the list's duplicate filter (-1 any, 1 only, 0 none; issue 24). */
export type ExportFormValues = LeadExportForm & { duplicate: number };

const READ_STATUS_OPTIONS = [ExportReadStatus.Any, ExportReadStatus.Unread, ExportReadStatus.Read].map((value) => ({
  value,
  label: EXPORT_READ_STATUS_LABELS[value],
}));
const FILE_GENRE_OPTIONS = [{ value: FileGenre.Csv, label: FILE_GENRE_LABELS[FileGenre.Csv] }];

/**
 * The export dialog of the lead lists (spec 000 sections 3 and 5): days, project (one of any
 * status, or 全部项目), read status and format, each required with the spec's message (the
 * contracts' schema), and the list's 重复线索 filter (全部 sends none), then the file's download. All projects have the bounds of one: the days.
 */
export function ExportDialog({ open, onClose, kind, fixedParams, items, initialValues }: ExportDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ExportFormValues>();

  const submit = async () => {
    await form.validateFields();
    const all = form.getFieldsValue(true) as ExportFormValues;
    const values = leadExportFormSchema.parse(all);
    const duplicate = all.duplicate ?? ANY;
    const started = startLeadExport(kind, { ...fixedParams, ...toLeadExportParams(values), ...(duplicate === ANY ? {} : { duplicate }) });
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
      <Form<ExportFormValues>
        form={form}
        name="leadExport"
        layout="vertical"
        initialValues={{ ...initialValues, itemId: initialValues?.itemId ?? null, duplicate: initialValues?.duplicate ?? ANY }}
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
        <Form.Item name="duplicate" label={DuplicateText.FilterLabel}>
          <Select options={DUPLICATE_FILTER_OPTIONS} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
