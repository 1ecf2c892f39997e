import { Card, Flex, Statistic } from 'antd';
import { useGetResourceSummaryQuery } from './leadListApi';
import { LeadSummaryText } from './texts';

const KEYS = ['total', 'unread', 'todayTotal', 'todayUnread', 'assigned', 'unassigned'] as const;

/** The smart-investment counters above the list (GET /customer/feedback/resource/summary); hidden when they fail. */
export function ResourceSummary() {
  const { data, isError } = useGetResourceSummaryQuery();
  if (isError) return null;
  return (
    <Card size="small" style={{ marginBottom: 16 }} aria-label={LeadSummaryText.total}>
      <Flex gap={32} wrap>
        {KEYS.map((key) => (
          <Statistic key={key} title={LeadSummaryText[key]} value={data?.[key] ?? '-'} loading={!data} />
        ))}
      </Flex>
    </Card>
  );
}
