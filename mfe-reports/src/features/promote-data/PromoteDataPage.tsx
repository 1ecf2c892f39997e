import { endpointUrl } from '@portal/api-client';
import { ReportMessage } from '@portal/contracts/reports';
import { reportEndpoints } from '@portal/contracts/endpoints';
import { PageFrame, QueryBlock, useUrlListState } from '@portal/design-system';
import { Alert, Divider, Space, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { defaultRangeFilters, rangeFiltersFromQuery, rangeFiltersToQuery, rangeParams } from '../report-kit/rangeFilters';
import { RangeSearchBar } from '../report-kit/RangeSearchBar';
import { ReportText } from '../report-kit/texts';
import { useGetPromotionQuery } from './promotionApi';
import { PromotionTable } from './PromotionTable';
import { PromotionTrend } from './PromotionTrend';

/** The analysis pages this page leads to (paths of routes.ts, not imported: a page does not import the remote's routing). */
const ANALYSIS_LINKS = [
  { to: '/intel-analysis', label: ReportText.IntelAnalysis },
  { to: '/keyword-analysis', label: ReportText.KeywordAnalysis },
];

/**
 * /promote-data, promotion management (spec 000 section 2): per day and project the messages,
 * phone requests, resources, cost (points when billed in points, money in yuan), average price
 * and managers, with 合计, 导出, the note of when the day's cost is ready, and a trend of the range.
 */
export default function PromoteDataPage() {
  const navigate = useNavigate();
  const listState = useUrlListState({ defaults: defaultRangeFilters, parse: rangeFiltersFromQuery, serialize: rangeFiltersToQuery });
  const { filters, paging } = listState;
  const params = rangeParams(filters);
  const report = useGetPromotionQuery({ ...params, page: paging.page, pageSize: paging.pageSize });
  const exportHref = endpointUrl(reportEndpoints.promotionExport, { query: { ...params, format: 'xlsx' } });

  return (
    <PageFrame
      title={ReportText.PromotionTitle}
      extra={
        <Space separator={<Divider orientation="vertical" />}>
          {ANALYSIS_LINKS.map((link) => (
            <Typography.Link
              key={link.to}
              href={link.to}
              onClick={(event) => {
                // A portal page: navigate in place (a modified click still opens a new tab).
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                void navigate(link.to);
              }}
            >
              {link.label}
            </Typography.Link>
          ))}
        </Space>
      }
    >
      <Alert type="info" showIcon title={ReportMessage.ConsumptionNote} description={ReportText.PriceNote} style={{ marginBottom: 16 }} />
      <RangeSearchBar
        filters={filters}
        defaults={listState.defaults}
        page={paging.page}
        fetching={report.isFetching}
        search={listState.search}
        refetch={() => void report.refetch()}
        exportHref={exportHref}
      />
      <QueryBlock query={report} isEmpty={(data) => data.rows.length === 0}>
        {(data) => (
          <>
            <PromotionTable report={data} loading={report.isFetching} onPageChange={listState.changePage} />
            <Divider />
            <PromotionTrend days={data.trend} />
          </>
        )}
      </QueryBlock>
    </PageFrame>
  );
}
