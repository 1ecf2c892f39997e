import { QueryBlock } from '@portal/design-system';
import { Card } from 'antd';
import { useNavigate } from 'react-router-dom';
import { BannerCarousel } from './BannerCarousel';
import { useGetBannersQuery } from './workbenchApi';

const BANNER_HEIGHT = 180;

/** The ad carousel block. */
export function BannerPanel() {
  const banners = useGetBannersQuery();
  const navigate = useNavigate();
  return (
    <Card size="small" styles={{ body: { padding: 0, overflow: 'hidden' } }} aria-label="广告">
      <QueryBlock query={banners} minHeight={BANNER_HEIGHT}>
        {(shown) => <BannerCarousel banners={shown} height={BANNER_HEIGHT} onNavigate={navigate} />}
      </QueryBlock>
    </Card>
  );
}
