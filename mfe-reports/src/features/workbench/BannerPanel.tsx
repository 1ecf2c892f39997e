import { BannerLinkType, type Banner } from '@portal/contracts';
import { QueryBlock } from '@portal/design-system';
import { usePageServed } from '@portal/remote-kit';
import { Card } from 'antd';
import { useNavigate } from 'react-router-dom';
import { BannerCarousel, isPortalPath } from './BannerCarousel';
import { useGetBannersQuery } from './workbenchApi';

const BANNER_HEIGHT = 180;

/**
 * The ad carousel block. A banner linking to a portal page that no app of the page serves (the
 * help centre before a remote declares it) shows as a picture only, and links again once a remote
 * declares the page.
 */
export function BannerPanel() {
  const banners = useGetBannersQuery();
  const navigate = useNavigate();
  const served = usePageServed();
  const withLiveLinks = (shown: readonly Banner[]): Banner[] =>
    shown.map((banner) =>
      banner.linkUrl && isPortalPath(banner.linkUrl) && !served(banner.linkUrl)
        ? { ...banner, linkType: BannerLinkType.None, linkUrl: null }
        : banner,
    );
  return (
    <Card size="small" styles={{ body: { padding: 0, overflow: 'hidden' } }} aria-label="广告">
      <QueryBlock query={banners} minHeight={BANNER_HEIGHT}>
        {(shown) => <BannerCarousel banners={withLiveLinks(shown)} height={BANNER_HEIGHT} onNavigate={navigate} />}
      </QueryBlock>
    </Card>
  );
}
