import { MallBannerLinkType, type MallBanner } from '@portal/contracts/mall';
import { useHiddenSlidesUnfocusable } from '@portal/design-system';
import { Carousel } from 'antd';
import { useRef, type CSSProperties, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { GoodsText } from './texts';

/** A link to a page of this portal rather than another site. */
const isPortalPath = (url: string): boolean => url.startsWith('/') && !url.startsWith('//');

const hasLink = (banner: MallBanner): banner is MallBanner & { linkUrl: string } =>
  banner.linkType === MallBannerLinkType.Link && Boolean(banner.linkUrl);

/**
 * The mall home's carousel (spec 000 sections 2 and 3, Banner): each slide its picture, the
 * banner's title its alt text; linkType 0 a picture only, a portal page opened in place, another
 * site in a new tab. Nothing at all without banners.
 */
export function BannerCarousel({ banners, height = 200 }: { banners: readonly MallBanner[]; height?: number }) {
  const navigate = useNavigate();
  const root = useRef<HTMLElement>(null);
  useHiddenSlidesUnfocusable(root, banners.length > 0);
  if (banners.length === 0) return null;
  const image: CSSProperties = { display: 'block', width: '100%', height, objectFit: 'cover' };
  const several = banners.length > 1;
  const openInPlace = (path: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    // Ctrl/Cmd/Shift-click and middle-click keep the browser's own behaviour (new tab or window).
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(path);
  };
  return (
    <section aria-label={GoodsText.Banners} ref={root}>
      <Carousel autoplay={several} dots={several} infinite={several}>
        {banners.map((banner) => {
          const picture = <img src={banner.picUrl} alt={banner.title} style={image} />;
          if (!hasLink(banner)) return <div key={banner.id}>{picture}</div>;
          return (
            <div key={banner.id}>
              {isPortalPath(banner.linkUrl) ? (
                <a href={banner.linkUrl} onClick={openInPlace(banner.linkUrl)}>
                  {picture}
                </a>
              ) : (
                <a href={banner.linkUrl} target="_blank" rel="noopener noreferrer">
                  {picture}
                </a>
              )}
            </div>
          );
        })}
      </Carousel>
    </section>
  );
}
