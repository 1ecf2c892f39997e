import { Descriptions } from 'antd';
import { ImportText } from './texts';

export interface TargetSummaryProps {
  /** The project's title (its id while the list is not there). */
  project: string;
  /** 'YYYY-MM-DD'. */
  date: string;
}

/** What a schedule tool's dialog acts on: the project and the day. */
export function TargetSummary({ project, date }: TargetSummaryProps) {
  return (
    <Descriptions
      size="small"
      column={2}
      style={{ marginBottom: 12 }}
      items={[
        { key: 'project', label: ImportText.Project, children: project },
        { key: 'date', label: ImportText.Date, children: date },
      ]}
    />
  );
}
