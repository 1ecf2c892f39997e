import { mallEndpoints } from '@portal/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { setPaginationHeaders } from '../../http/pagination';
import { route } from '../../http/route';
import { currentCustomerId } from '../../plugins/auth';
import { checkedRegion, childRegions } from './regions';
import * as mall from './service';
import * as signin from './signin';
import * as tasks from './tasks';

/**
 * The points mall under /rest/customer/mall: the logged-in customer's points, the goods on sale,
 * their addresses and orders. Every call is scoped to the session's customer; another customer's
 * address or order is 404. Refusals are the portal's `{code, message}` (400 for the spec's form
 * messages, 404 unknown or foreign, 409 an Idempotency-Key reused for another good or amount).
 */
export const mallRoutes: FastifyPluginAsync = async (app) => {
  route(app, mallEndpoints.points, async (request) => mall.pointsSummary(app.db, currentCustomerId(request)));

  route(app, mallEndpoints.pointsLog, async (request, reply) => {
    const { rows, totalRow } = await mall.pointsLogPage(app.db, currentCustomerId(request), request.query);
    setPaginationHeaders(request, reply, request.query, totalRow);
    return rows;
  });

  route(app, mallEndpoints.goods, async (request) => mall.listGoods(app.db, request.query.section));
  route(app, mallEndpoints.good, async (request) => mall.getGood(app.db, request.params.id));
  route(app, mallEndpoints.banners, async () => mall.listBanners(app.db));

  route(app, mallEndpoints.addresses, async (request) => mall.listAddresses(app.db, currentCustomerId(request)));
  // The region must be a real province/city/area/street path of the divisions (regions.ts).
  route(app, mallEndpoints.createAddress, async (request) => mall.createAddress(app.db, currentCustomerId(request), checkedRegion(request.body)));
  route(app, mallEndpoints.updateAddress, async (request) =>
    mall.updateAddress(app.db, currentCustomerId(request), request.params.id, checkedRegion(request.body)),
  );
  route(app, mallEndpoints.regions, async (request) => childRegions(request.query.code));
  route(app, mallEndpoints.deleteAddress, async (request) => mall.deleteAddress(app.db, currentCustomerId(request), request.params.id));
  route(app, mallEndpoints.setDefaultAddress, async (request) => mall.setDefaultAddress(app.db, currentCustomerId(request), request.params.id));

  // The same Idempotency-Key answers the order it made (201 again), without taking points or stock twice.
  route(app, mallEndpoints.createOrder, async (request) => {
    const key = String(request.headers['idempotency-key']);
    return mall.placeOrder(app.db, currentCustomerId(request), key, request.body);
  });

  route(app, mallEndpoints.orders, async (request, reply) => {
    const { rows, totalRow } = await mall.ordersPage(app.db, currentCustomerId(request), request.query);
    setPaginationHeaders(request, reply, request.query, totalRow);
    return rows;
  });
  route(app, mallEndpoints.order, async (request) => mall.orderDetail(app.db, currentCustomerId(request), request.params.id));

  // Once per China day: a second sign-in (concurrent ones too) answers 409 '今日已签到' and grants nothing.
  route(app, mallEndpoints.signin, async (request) => signin.signinState(app.db, currentCustomerId(request)));
  route(app, mallEndpoints.signIn, async (request) => signin.signIn(app.db, currentCustomerId(request)));
  route(app, mallEndpoints.tasks, async (request) => signin.tasks(app.db, currentCustomerId(request)));
  // Once per China day each: a second completion answers points 0 (the callers, the site's article
  // page and the share dialog, call on every reading and copy).
  route(app, mallEndpoints.readingTask, async (request) => tasks.readArticle(app.db, currentCustomerId(request), request.body.articleId));
  route(app, mallEndpoints.shareTask, async (request) => tasks.shareGood(app.db, currentCustomerId(request), request.body.goodId));
};
