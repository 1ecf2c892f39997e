import { dimKeysOf, normaliseProvince, provinceOfIpArea, type RollupLead } from './rollup';
import { daysInMonth, reportRange } from './service';

const lead = (overrides: Partial<RollupLead> = {}): RollupLead => ({
  customerId: 1,
  listKind: 'resource',
  itemId: 1,
  createTime: '2025-01-01T00:00:00.000Z',
  crmFollower: null,
  province: null,
  ipArea: null,
  searchDomain: null,
  genreId: null,
  searchWord: null,
  duplicateOf: null,
  ...overrides,
});

describe('rollup keys', () => {
  it('reduces provinces to their short names', () => {
    expect(normaliseProvince('广东省')).toBe('广东');
    expect(normaliseProvince(' 广东 ')).toBe('广东');
    expect(normaliseProvince('北京市')).toBe('北京');
    expect(normaliseProvince('广西壮族自治区')).toBe('广西');
    expect(normaliseProvince('内蒙古自治区')).toBe('内蒙古');
    expect(normaliseProvince('某某省')).toBe('某某');
    expect(normaliseProvince('')).toBeNull();
    expect(normaliseProvince(null)).toBeNull();
  });

  it('takes the province of an IP area', () => {
    expect(provinceOfIpArea('广东广州')).toBe('广东');
    expect(provinceOfIpArea('广东省 广州市')).toBe('广东');
    expect(provinceOfIpArea('中国 北京')).toBe('北京');
    expect(provinceOfIpArea('上海')).toBe('上海');
    expect(provinceOfIpArea('某某省 某市')).toBe('某某');
    expect(provinceOfIpArea('  ')).toBeNull();
  });

  it('counts every lead by province and genre, search-engine leads by both provinces, words when present', () => {
    expect(dimKeysOf(lead())).toEqual([
      { dim: 'region', key: '未知' },
      { dim: 'genre', key: '其他' },
    ]);
    expect(
      dimKeysOf(lead({ listKind: 'baiList', province: '浙江省', ipArea: '江苏南京', genreId: 2, searchWord: `  ${'词'.repeat(120)} ` })),
    ).toEqual([
      { dim: 'region', key: '浙江' },
      { dim: 'genre', key: '品牌推广' },
      { dim: 'searchTraffic', key: '江苏' },
      { dim: 'searchInfo', key: '浙江' },
      { dim: 'keyword', key: '词'.repeat(100) },
    ]);
    expect(dimKeysOf(lead({ searchDomain: 'www.baidu.com', genreId: 99 })).map((pair) => pair.key)).toEqual(['未知', '其他', '未知', '未知']);
  });
});

describe('report dates', () => {
  it('defaults to the 30 days ending today and checks ranges completed by the defaults', () => {
    expect(reportRange({}, '2025-03-31')).toEqual({ start: '2025-03-02', end: '2025-03-31' });
    expect(reportRange({ endTime: '2025-01-10' }, '2025-03-31')).toEqual({ start: '2024-12-12', end: '2025-01-10' });
    expect(() => reportRange({ startTime: '2025-04-01' }, '2025-03-31')).toThrow('开始日期不能晚于结束日期');
    expect(() => reportRange({ startTime: '2020-01-01' }, '2025-03-31')).toThrow('查询时间跨度不能超过366天');
  });

  it('knows the length of every month', () => {
    expect([daysInMonth('2024-02'), daysInMonth('2025-02'), daysInMonth('2025-04'), daysInMonth('2025-12')]).toEqual([29, 28, 30, 31]);
  });
});
