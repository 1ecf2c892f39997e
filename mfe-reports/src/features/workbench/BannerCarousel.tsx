import { BannerLinkType, type Banner } from '@portal/contracts';
import { useHiddenSlidesUnfocusable } from '@portal/design-system';
import { Carousel } from 'antd';
import { useRef, type CSSProperties, type MouseEvent } from 'react';

export interface BannerCarouselProps {
  banners: readonly Banner[];
  /** Default 180. */
  height?: number;
  /**
   * Opens a portal page (a link starting with '/') in place, through the router; without it such
   * links load the page in the same tab.
   */
  onNavigate?: (path: string) => void;
}

/** A link to a page of this portal rather than another site. */
export const isPortalPath = (url: string): boolean => url.startsWith('/') && !url.startsWith('//');

const hasLink = (banner: Banner): banner is Banner & { linkUrl: string } => banner.linkType !== BannerLinkType.None && Boolean(banner.linkUrl);

/**
 * The dashboard's ad carousel. linkType 0 is a picture only; a link to another site opens in a
 * new tab; a link to a portal page opens it in place, as the menu would.
 */
export function BannerCarousel({ banners, height = 180, onNavigate }: BannerCarouselProps) {
  const image: CSSProperties = { display: 'block', width: '100%', height, objectFit: 'cover' };
  const several = banners.length > 1;
  const root = useRef<HTMLDivElement>(null);
  useHiddenSlidesUnfocusable(root);

  const openInPlace = (path: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    // Ctrl/Cmd/Shift-click and middle-click keep the browser's own behaviour (new tab or window).
    if (!onNavigate || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate(path);
  };

  return (
    <div ref={root}>
      <Carousel autoplay={several} dots={several} infinite={several}>
        {banners.map((banner) => {
          const picture = <img src={banner.picUrl} alt={banner.title} style={image} />;
          if (!hasLink(banner)) return <div key={banner.id}>{picture}</div>;
          return (
            <div key={banner.id}>
              {isPortalPath(banner.linkUrl) ? (
                <a href={banner.linkUrl} title={banner.title} onClick={openInPlace(banner.linkUrl)}>
                  {picture}
                </a>
              ) : (
                <a href={banner.linkUrl} title={banner.title} target="_blank" rel="noopener noreferrer">
                  {picture}
                </a>
              )}
            </div>
          );
        })}
      </Carousel>
    </div>
  );
}
