import { QueryBlock } from '@portal/design-system';
import { Card } from 'antd';
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
      <QueryBlock query={industries}>
        {(shown) => (
          <div role="region" aria-label={TITLE} tabIndex={0} style={{ maxHeight: 396, overflowY: 'auto' }}>
            <IndustryList industries={shown} />
          </div>
        )}
      </QueryBlock>
    </Card>
  );
}
