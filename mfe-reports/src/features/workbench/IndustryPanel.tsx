import { Card } from 'antd';
import { BlockState } from './BlockState';
import { IndustryList } from './IndustryList';
import { useGetIndustriesQuery } from './workbenchApi';

const TITLE = '行业列表';

/**
 * The industry list block; a long list scrolls inside the card, in a region that takes the
 * keyboard's focus so that it scrolls with the arrow keys too.
 */
export function IndustryPanel() {
  const industries = useGetIndustriesQuery();
  return (
    <Card title={TITLE} size="small">
      <BlockState
        loading={industries.isLoading}
        error={industries.isError ? industries.error : undefined}
        empty={industries.data?.length === 0}
        onRetry={() => void industries.refetch()}
      >
        <div role="region" aria-label={TITLE} tabIndex={0} style={{ maxHeight: 396, overflowY: 'auto' }}>
          <IndustryList industries={industries.data ?? []} />
        </div>
      </BlockState>
    </Card>
  );
}
