import type { CrmCode } from '@portal/contracts';
import { ecConnector } from './ec';
import { huobanConnector } from './huoban';
import { lixiaoConnector } from './lixiao';
import type { CrmConnector } from './types';
import { xbbConnector } from './xbb';

export * from './types';
export { ecConnector, huobanConnector, lixiaoConnector, xbbConnector };

const CONNECTORS: Record<CrmCode, CrmConnector> = { ec: ecConnector, lixiao: lixiaoConnector, xbb: xbbConnector, huoban: huobanConnector };

/** The connector of a CRM. */
export function connectorFor(code: CrmCode): CrmConnector {
  const connector = CONNECTORS[code];
  if (!connector) throw new Error(`no connector for CRM '${String(code)}'`);
  return connector;
}
