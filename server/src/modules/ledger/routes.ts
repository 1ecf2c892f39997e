import { reportEndpoints } from '@portal/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route';
import { sendTable } from '../../http/spreadsheet';
import { chinaToday } from '../../lib/time';
import { currentCustomerId } from '../../plugins/auth';
import { balanceTable, consumptionTable, promotionTable, topupTable } from './exports';
import * as reports from './reports';

/** The project ledger's calls: balance, low balance, top-ups, consumption grids, promotion (reportEndpoints). */
export const ledgerRoutes: FastifyPluginAsync = async (app) => {
  route(app, reportEndpoints.balance, async (request) => reports.balance(app.readDb, currentCustomerId(request)));
  route(app, reportEndpoints.balanceExport, async (request, reply) => {
    const today = chinaToday();
    const report = await reports.balance(app.readDb, currentCustomerId(request), today);
    return sendTable(reply, balanceTable(report, today), request.query.format);
  });
  route(app, reportEndpoints.lowBalance, async (request) => reports.lowBalance(app.readDb, currentCustomerId(request)));

  route(app, reportEndpoints.topups, async (request) => reports.topups(app.readDb, currentCustomerId(request), request.query));
  route(app, reportEndpoints.topupsExport, async (request, reply) => {
    const { format, ...query } = request.query;
    const { rows, money } = await reports.allTopups(app.readDb, currentCustomerId(request), query);
    return sendTable(reply, topupTable(rows, money, query.startTime, query.endTime ?? chinaToday()), format);
  });

  route(app, reportEndpoints.consumptionMonthly, async (request) =>
    reports.consumptionGrid(app.readDb, currentCustomerId(request), 'monthly', request.query),
  );
  route(app, reportEndpoints.consumptionMonthlyExport, async (request, reply) => {
    const { format, ...query } = request.query;
    const report = await reports.consumptionGrid(app.readDb, currentCustomerId(request), 'monthly', query);
    return sendTable(reply, consumptionTable(report), format);
  });
  route(app, reportEndpoints.consumptionDaily, async (request) =>
    reports.consumptionGrid(app.readDb, currentCustomerId(request), 'daily', request.query),
  );
  route(app, reportEndpoints.consumptionDailyExport, async (request, reply) => {
    const { format, ...query } = request.query;
    const report = await reports.consumptionGrid(app.readDb, currentCustomerId(request), 'daily', query);
    return sendTable(reply, consumptionTable(report), format);
  });

  route(app, reportEndpoints.promotion, async (request) => reports.promotion(app.readDb, currentCustomerId(request), request.query));
  route(app, reportEndpoints.promotionExport, async (request, reply) => {
    const { format, ...query } = request.query;
    const data = await reports.promotionData(app.readDb, currentCustomerId(request), query);
    return sendTable(reply, promotionTable(data), format);
  });
};
