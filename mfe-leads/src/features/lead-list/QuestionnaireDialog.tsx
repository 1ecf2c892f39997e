import { leadQuestionnaire, type Lead } from '@portal/contracts/leads';
import { EmptyState } from '@portal/design-system';
import { Descriptions, Modal } from 'antd';
import { LeadListText } from './texts';

export interface QuestionnaireDialogProps {
  /** The lead whose answers show; null keeps the dialog closed. */
  lead: Pick<Lead, 'name' | 'datas'> | null;
  onClose: () => void;
}

/** The questionnaire a lead filled in, question by question. */
export function QuestionnaireDialog({ lead, onClose }: QuestionnaireDialogProps) {
  const answers = leadQuestionnaire(lead?.datas);
  return (
    <Modal
      open={lead !== null}
      title={lead ? `${LeadListText.QuestionnaireTitle}：${lead.name}` : LeadListText.QuestionnaireTitle}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {answers.length === 0 ? (
        <EmptyState description={LeadListText.QuestionnaireEmpty} />
      ) : (
        <Descriptions bordered column={1} size="small" items={answers.map(({ label, value }, index) => ({ key: index, label, children: value }))} />
      )}
    </Modal>
  );
}
