import { PageFrame, QueryBlock, useUrlListState } from '@portal/design-system';
import { Divider, Tabs } from 'antd';
import { useState } from 'react';
import { analysisFiltersFromQuery, analysisFiltersToQuery, defaultAnalysisFilters, rangeOf, type AnalysisFilters } from './analysisFilters';
import { useGetProjectAnalysisQuery, useGetRegionAnalysisQuery, useGetSearchProvinceAnalysisQuery } from './analysisApi';
import { AnalysisToolbar } from './AnalysisToolbar';
import { SliceBlock } from './SliceBlock';
import { AnalysisText } from './texts';

/** The top-N tables: a 500 px body showing 5 rows (spec 000 section 2); the pies beside them as high. */
const TOP_TABLE_HEIGHT = 500;

type TabKey = 'region' | 'searchProvince' | 'project';

function RegionTab({ filters }: { filters: AnalysisFilters }) {
  const region = useGetRegionAnalysisQuery({ query: rangeOf(filters) });
  return (
    <QueryBlock query={region} isEmpty={(data) => data.slices.length === 0}>
      {(data) => <SliceBlock title={AnalysisText.RegionChart} nameTitle={AnalysisText.Province} slices={data.slices} total={data.total} />}
    </QueryBlock>
  );
}

function SearchProvinceTab({ filters }: { filters: AnalysisFilters }) {
  const analysis = useGetSearchProvinceAnalysisQuery({ query: { ...rangeOf(filters), top: filters.top } });
  return (
    <>
      <QueryBlock query={analysis} isEmpty={(data) => data.traffic.length === 0}>
        {(data) => (
          <SliceBlock
            title={AnalysisText.TrafficChart}
            nameTitle={AnalysisText.Province}
            slices={data.traffic}
            total={data.total}
            height={TOP_TABLE_HEIGHT}
            scrollTable
          />
        )}
      </QueryBlock>
      <Divider />
      <QueryBlock query={analysis} isEmpty={(data) => data.info.length === 0}>
        {(data) => (
          <SliceBlock
            title={AnalysisText.InfoChart}
            nameTitle={AnalysisText.Province}
            slices={data.info}
            total={data.total}
            height={TOP_TABLE_HEIGHT}
            scrollTable
          />
        )}
      </QueryBlock>
    </>
  );
}

function ProjectTab({ filters }: { filters: AnalysisFilters }) {
  const analysis = useGetProjectAnalysisQuery({ query: rangeOf(filters) });
  return (
    <>
      <QueryBlock query={analysis} isEmpty={(data) => data.nature.length === 0}>
        {(data) => <SliceBlock title={AnalysisText.NatureChart} nameTitle={AnalysisText.Nature} slices={data.nature} total={data.total} />}
      </QueryBlock>
      <Divider />
      <QueryBlock query={analysis} isEmpty={(data) => data.province.length === 0}>
        {(data) => <SliceBlock title={AnalysisText.ProvinceChart} nameTitle={AnalysisText.Province} slices={data.province} total={data.total} />}
      </QueryBlock>
    </>
  );
}

/**
 * Analysis (spec 000 section 2, /intel-analysis): over a range in the URL (the last 30 days by
 * default, at most REPORT_MAX_DAYS), leads by region, the search-engine leads' provinces (精准流量来源
 * and 精准信息来源, top N of 5/10/15/20, default 10) and the project statistics (nature, province).
 * Each tab asks its call when first opened; tables show at once, pies draw when scrolled into view
 * (and only then load the chart library).
 */
export default function IntelAnalysisPage() {
  const listState = useUrlListState({ defaults: defaultAnalysisFilters, parse: analysisFiltersFromQuery, serialize: analysisFiltersToQuery });
  const { filters } = listState;
  const [tab, setTab] = useState<TabKey>('region');
  return (
    <PageFrame title={AnalysisText.IntelTitle}>
      <AnalysisToolbar filters={filters} onChange={listState.search} showTop={tab === 'searchProvince'} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={[
          { key: 'region', label: AnalysisText.RegionTab, children: <RegionTab filters={filters} /> },
          { key: 'searchProvince', label: AnalysisText.SearchProvinceTab, children: <SearchProvinceTab filters={filters} /> },
          { key: 'project', label: AnalysisText.ProjectTab, children: <ProjectTab filters={filters} /> },
        ]}
      />
    </PageFrame>
  );
}
