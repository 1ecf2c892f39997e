import { BRANDS, brandForHost } from './brand';

describe('brand by host', () => {
  it.each(['localhost', '127.0.0.1', 'vip.qudao.com', 'test-vip.qudao.com', 'VIP.QuDao.com', 'vip.qudao.com.'])(
    '%s shows the full brand with points, tasks, suggestion, help and the shop',
    (host) => {
      const brand = brandForHost(host);
      expect(brand).toBe(BRANDS.full);
      expect(Object.values(brand.features).every(Boolean)).toBe(true);
      expect(brand.showQuDao).toBe(true);
    },
  );

  it.each(['portal.partner.cn', 'qudao.com', 'evil-vip.qudao.com.example', '192.168.1.10'])('%s shows the other brand without them', (host) => {
    const brand = brandForHost(host);
    expect(brand).toBe(BRANDS.other);
    expect(brand.name).not.toBe(BRANDS.full.name);
    expect(Object.values(brand.features).some(Boolean)).toBe(false);
    expect(brand.showQuDao).toBe(false);
  });
});
