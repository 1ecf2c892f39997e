import type { Region } from '@portal/contracts/mall';
import type { FakeRoute } from '@portal/api-client/testing';
import { codeOk, refused } from '../../test/renderMall';

/** Test data of the address feature. A slice of the divisions as GET /customer/mall/regions answers it, by the parent's code ('' the provinces). */
export const REGIONS: Record<string, Region[]> = {
  '': [
    { code: '33', name: '浙江省', leaf: false },
    { code: '44', name: '广东省', leaf: false },
  ],
  '33': [
    { code: '3301', name: '杭州市', leaf: false },
    { code: '3302', name: '宁波市', leaf: false },
  ],
  '3301': [{ code: '330106', name: '西湖区', leaf: false }],
  '330106': [
    { code: '330106001', name: '北山街道', leaf: true },
    { code: '330106002', name: '西溪街道', leaf: true },
  ],
};

/** The fake regions call: the children of `?code=`, 404 for any other code. */
export const regionsRoute: FakeRoute = (request) => {
  const found = REGIONS[request.query.code ?? ''];
  return found ? codeOk(found) : refused('地区不存在', 404);
};
