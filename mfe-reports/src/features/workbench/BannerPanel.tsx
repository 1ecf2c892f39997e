import { Card } from 'antd';
import { useNavigate } from 'react-router-dom';
import { BannerCarousel } from './BannerCarousel';
import { BlockState } from './BlockState';
import { useGetBannersQuery } from './workbenchApi';

const BANNER_HEIGHT = 180;

/** The ad carousel block. */
export function BannerPanel() {
  const banners = useGetBannersQuery();
  const navigate = useNavigate();
  return (
    <Card size="small" styles={{ body: { padding: 0, overflow: 'hidden' } }} aria-label="广告">
      <BlockState
        loading={banners.isLoading}
        error={banners.isError ? banners.error : undefined}
        empty={banners.data?.length === 0}
        onRetry={() => void banners.refetch()}
        minHeight={BANNER_HEIGHT}
      >
        <BannerCarousel banners={banners.data ?? []} height={BANNER_HEIGHT} onNavigate={navigate} />
      </BlockState>
    </Card>
  );
}
