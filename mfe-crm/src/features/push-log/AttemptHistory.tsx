import type { PushAttempt } from '@portal/contracts/crm';
import { Card, Descriptions, Table, Tag } from 'antd';
import { OUTCOME_COLORS, OUTCOME_LABELS, PushLogText } from './texts';

export interface AttemptHistoryProps {
  attempts: PushAttempt[];
}

/** A sent value as text: lists joined, objects as JSON, nothing as '-'. */
export function fieldValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return PushLogText.None;
  if (Array.isArray(value)) return value.map(fieldValueText).join('、');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Every attempt of one push, first to last: when, what came of it, the CRM's reason, the fields sent, the next retry. */
export function AttemptHistory({ attempts }: AttemptHistoryProps) {
  return (
    <>
      {attempts.map((attempt) => (
        <Card
          key={attempt.attemptNo}
          size="small"
          style={{ marginBottom: 12 }}
          title={PushLogText.attempt(attempt.attemptNo)}
          extra={<Tag color={OUTCOME_COLORS[attempt.outcome]}>{OUTCOME_LABELS[attempt.outcome] ?? attempt.outcome}</Tag>}
          data-testid="push-attempt"
        >
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'startedAt', label: PushLogText.StartedAt, children: attempt.startedAt },
              { key: 'finishedAt', label: PushLogText.FinishedAt, children: attempt.finishedAt ?? PushLogText.None },
              { key: 'reason', label: PushLogText.Reason, children: attempt.reason || PushLogText.None },
              { key: 'crmId', label: PushLogText.CrmId, children: attempt.crmId || PushLogText.None },
              { key: 'nextRetryAt', label: PushLogText.NextRetry, children: attempt.nextRetryAt ?? PushLogText.None },
            ]}
          />
          <Table
            size="small"
            style={{ marginTop: 8 }}
            rowKey="code"
            pagination={false}
            title={() => PushLogText.FieldsSent}
            dataSource={attempt.fields}
            columns={[
              { key: 'name', dataIndex: 'name', title: PushLogText.FieldName, render: (name: string, field) => name || field.code },
              { key: 'value', dataIndex: 'value', title: PushLogText.FieldValue, render: fieldValueText },
            ]}
          />
        </Card>
      ))}
    </>
  );
}
