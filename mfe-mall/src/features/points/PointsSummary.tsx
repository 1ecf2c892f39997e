import type { PointsSummary as Summary } from '@portal/contracts/mall';
import { Card, Flex, Statistic } from 'antd';
import { PointsText } from './texts';

/** 当前积分, 今日获得, 昨日获得 (spec 000's Score: currentScore, todayScore, yesterdayScore). */
export function PointsSummary({ summary }: { summary: Summary }) {
  return (
    <Flex gap={16} wrap>
      <Card size="small" style={{ minWidth: 160 }}>
        <Statistic title={PointsText.Current} value={summary.currentScore} />
      </Card>
      <Card size="small" style={{ minWidth: 160 }}>
        <Statistic title={PointsText.Today} value={summary.todayScore} />
      </Card>
      <Card size="small" style={{ minWidth: 160 }}>
        <Statistic title={PointsText.Yesterday} value={summary.yesterdayScore} />
      </Card>
    </Flex>
  );
}
