import { act, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { BannerCarousel } from './BannerCarousel';
import { storyBanners } from './storyData';

const linksIn = (slide: Element) => [...slide.querySelectorAll('a[href]')];

describe('BannerCarousel', () => {
  it('lets the keyboard reach only the link of the banner on screen', async () => {
    render(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <BannerCarousel banners={storyBanners} />
      </ConfigProvider>,
    );
    const slides = () => [...document.querySelectorAll('.slick-slide')];
    const hidden = () => slides().filter((slide) => slide.getAttribute('aria-hidden') === 'true');
    const shown = () => slides().filter((slide) => slide.getAttribute('aria-hidden') === 'false');
    // The slides off screen and the carousel's copies hold the other banners' links.
    expect(hidden().flatMap(linksIn).length).toBeGreaterThan(0);
    for (const link of hidden().flatMap(linksIn)) expect(link).toHaveAttribute('tabindex', '-1');

    // On to the banner with the external link: its link takes focus again, the others do not.
    await act(async () => screen.getAllByRole('button', { name: '2' })[0].click());
    await waitFor(() => expect(shown().flatMap(linksIn)).toHaveLength(1));
    expect(shown().flatMap(linksIn)[0]).not.toHaveAttribute('tabindex');
    for (const link of hidden().flatMap(linksIn)) expect(link).toHaveAttribute('tabindex', '-1');
  });
});
