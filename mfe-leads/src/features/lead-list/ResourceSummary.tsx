import { getEventBus, LeadArrivedEvent } from '@portal/event-bus';
import { Card, Flex, Statistic } from 'antd';
import { useEffect } from 'react';
import { useGetResourceSummaryQuery } from './leadListApi';
import { LeadSummaryText } from './texts';

const KEYS = ['total', 'unread', 'todayTotal', 'todayUnread', 'assigned', 'unassigned'] as const;

/**
 * The smart-investment counters above the list (GET /customer/feedback/resource/summary); hidden
 * when they fail. A smart-investment lead arriving asks for them again.
 */
export function ResourceSummary() {
  const { data, isError, refetch } = useGetResourceSummaryQuery();
  useEffect(() => {
    const subscription = getEventBus().subscribe(LeadArrivedEvent, (event) => {
      if (event.payload.list === 'resource') void refetch();
    });
    return () => subscription.unsubscribe();
  }, [refetch]);
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
