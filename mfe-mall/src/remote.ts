import type { RemoteDeclaration } from '@portal/contracts';
import { MallPath } from './routes';
import { MallText } from './texts';

/**
 * What this remote tells the shell: the paths it owns and its side-menu entries. The build
 * publishes it as `remote.json` beside the federation manifest (shared/build checks it against the
 * contract's schema); the shell reads it at run time. A new page is a path in routes.ts and a
 * <Route> in MallRoutes.tsx; a side-menu entry is a line below. The menu group 积分商城 is one page
 * (the mall home), shown only on the brands with the points mall (spec 000 section 1). The wallet
 * popover of the top bar gets the points balance (linking to the points log) and 商城订单, on the
 * brands with those features.
 */
export const remote = {
  name: 'mall',
  label: MallText.Label,
  routes: Object.values(MallPath),
  menu: [{ group: 'mall', label: MallText.Label, path: MallPath.Home, icon: 'mall', order: 0, feature: 'pointsMall' }],
  wallet: [
    { label: MallText.WalletPoints, path: MallPath.PointsLog, order: 0, figure: 'points', feature: 'points' },
    { label: MallText.WalletOrders, path: MallPath.Orders, order: 40, feature: 'shopOrders' },
  ],
} satisfies RemoteDeclaration;
