import { PageFrame, QueryBlock, useUrlListState } from '@portal/design-system';
import { analysisFiltersFromQuery, analysisFiltersToQuery, defaultAnalysisFilters, rangeOf } from '../intel-analysis/analysisFilters';
import { AnalysisToolbar } from '../intel-analysis/AnalysisToolbar';
import { SliceBlock } from '../intel-analysis/SliceBlock';
import { AnalysisText } from '../intel-analysis/texts';
import { useGetKeywordAnalysisQuery } from './keywordApi';

/**
 * Open-screen keyword analysis (spec 000 section 2, /keyword-analysis): the search words of the
 * leads over a range in the URL, the top N (default 10) with the rest as 其他, as a pie (drawn
 * once in view) and a table.
 */
export default function KeywordAnalysisPage() {
  const listState = useUrlListState({ defaults: defaultAnalysisFilters, parse: analysisFiltersFromQuery, serialize: analysisFiltersToQuery });
  const { filters } = listState;
  const keywords = useGetKeywordAnalysisQuery({ query: { ...rangeOf(filters), top: filters.top } });
  return (
    <PageFrame title={AnalysisText.KeywordTitle}>
      <AnalysisToolbar filters={filters} onChange={listState.search} />
      <QueryBlock query={keywords} isEmpty={(data) => data.slices.length === 0}>
        {(data) => <SliceBlock title={AnalysisText.KeywordChart} nameTitle={AnalysisText.Keyword} slices={data.slices} total={data.total} />}
      </QueryBlock>
    </PageFrame>
  );
}
