import { endpointUrl } from '@portal/api-client';
import { reportEndpoints } from '@portal/contracts/endpoints';
import { PageFrame, QueryBlock } from '@portal/design-system';
import { ExportButton } from '../report-kit/ExportButton';
import { ReportText } from '../report-kit/texts';
import { useGetBalanceReportQuery } from './balanceApi';
import { BalanceTable } from './BalanceTable';

const exportHref = () => endpointUrl(reportEndpoints.balanceExport, { query: { format: 'xlsx' } });

/**
 * /balance-center (spec 000 section 2): each project's industry, managers, cash balance, the cost
 * of the day before yesterday and of yesterday, and the days the balance should last (2 or fewer
 * marked). The list has no filters: every project of the account, with 合计 and 导出.
 */
export default function BalanceCenterPage() {
  const report = useGetBalanceReportQuery();
  return (
    <PageFrame title={ReportText.BalanceTitle} extra={<ExportButton href={exportHref()} />}>
      <QueryBlock query={report} isEmpty={(data) => data.rows.length === 0}>
        {(data) => <BalanceTable report={data} loading={report.isFetching} />}
      </QueryBlock>
    </PageFrame>
  );
}
