import { MallMessage, RegionMessage } from '@portal/contracts/mall';
import { dialects, expectError, useDemoApp } from '../../test/harness';

const BASE = '/rest/customer/mall';
const REGIONS = `${BASE}/regions`;
const address = (extra: Record<string, unknown> = {}) => ({
  name: '李四',
  mobile: '13800138000',
  province: '浙江省',
  city: '杭州市',
  area: '西湖区',
  street: '北山街道',
  address: '某路1号',
  postalCode: '310000',
  ...extra,
});

interface RegionRow {
  code: string;
  name: string;
  leaf: boolean;
}

describe.each(dialects())('the region picker and the address region check on %s', (dialect) => {
  const suite = useDemoApp(dialect);
  const regions = async (code?: string): Promise<RegionRow[]> => {
    const response = await suite.a.get(REGIONS, code === undefined ? {} : { query: { code } });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const named = (rows: RegionRow[], name: string): RegionRow => {
    const found = rows.find((row) => row.name === name);
    if (!found) throw new Error(`no region ${name}`);
    return found;
  };

  it('answers the provinces without a code, then the cities, areas and streets (leaves) of each', async () => {
    const provinces = await regions();
    expect(provinces.length).toBeGreaterThanOrEqual(31);
    const zhejiang = named(provinces, '浙江省');
    expect(zhejiang).toEqual({ code: '33', name: '浙江省', leaf: false });

    const cities = await regions(zhejiang.code);
    expect(cities.map((city) => city.name)).toEqual(expect.arrayContaining(['杭州市', '宁波市', '温州市']));
    expect(cities.every((city) => !city.leaf && city.code.startsWith('33') && city.code.length === 4)).toBe(true);

    const areas = await regions(named(cities, '杭州市').code);
    const xihu = named(areas, '西湖区');
    expect(xihu.leaf).toBe(false);

    const streets = await regions(xihu.code);
    expect(streets.length).toBeGreaterThan(0);
    expect(named(streets, '北山街道')).toMatchObject({ leaf: true });
    expect(streets.every((street) => street.leaf && street.code.startsWith(xihu.code) && street.code.length === 9)).toBe(true);
    // A street has no level below: an empty list.
    expect(await regions(streets[0].code)).toEqual([]);
  });

  it('answers 404 for a code of no region and 400 for a malformed one; a blank code is the provinces', async () => {
    expectError(await suite.a.get(REGIONS, { query: { code: '99' } }), 404, RegionMessage.NotFound);
    expectError(await suite.a.get(REGIONS, { query: { code: '330199999' } }), 404, '地区不存在');
    for (const code of ['3', '33x', '1234567890', 'a\u0000b', '-1'])
      expectError(await suite.a.get(REGIONS, { query: { code } }), 400, RegionMessage.CodeInvalid);
    expect((await suite.a.get(REGIONS, { query: { code: '' } })).json()).toEqual(await regions());
  });

  it('needs a login', async () => {
    expect((await suite.t.client().get(REGIONS)).statusCode).toBe(401);
  });

  it('refuses an address whose province/city/area/street is not a real path, on create and on update', async () => {
    const { b } = suite;
    const before = (await b.get(`${BASE}/addresses`)).json();
    for (const wrong of [
      { province: '火星省' },
      { city: '深圳市' }, // a city of another province
      { area: '南山区' },
      { street: '粤海街道' },
      { street: '北山' },
    ])
      expectError(await b.post(`${BASE}/addresses`, address(wrong)), 400, MallMessage.RegionRequired);
    expect((await b.get(`${BASE}/addresses`)).json()).toEqual(before);

    const created = await b.post(`${BASE}/addresses`, address());
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expectError(await b.put(`${BASE}/addresses/${id}`, address({ street: '粤海街道' })), 400, '请选择省/市/区/街道');
    const moved = await b.put(`${BASE}/addresses/${id}`, address({ province: '广东省', city: '深圳市', area: '南山区', street: '粤海街道' }));
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ province: '广东省', city: '深圳市', area: '南山区', street: '粤海街道' });
    await b.call('DELETE', `${BASE}/addresses/${id}`);
  });
});
