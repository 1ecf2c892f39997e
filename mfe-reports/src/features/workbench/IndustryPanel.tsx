import { Card } from 'antd';
import { BlockState } from './BlockState';
import { IndustryList } from './IndustryList';
import { useGetIndustriesQuery } from './workbenchApi';

/** The industry list block; a long list scrolls inside the card. */
export function IndustryPanel() {
  const industries = useGetIndustriesQuery();
  return (
    <Card title="行业列表" size="small" styles={{ body: { maxHeight: 420, overflowY: 'auto' } }}>
      <BlockState
        loading={industries.isLoading}
        error={industries.isError ? industries.error : undefined}
        empty={industries.data?.length === 0}
        onRetry={() => void industries.refetch()}
      >
        <IndustryList industries={industries.data ?? []} />
      </BlockState>
    </Card>
  );
}
