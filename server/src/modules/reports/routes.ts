import { type MonthExportQuery, type ReportLeadGroup, type ReportRangeExportQuery, ReportMessage } from '@portal/contracts/reports';
import { DuplicateText } from '@portal/contracts/leads';
import { reportEndpoints } from '@portal/contracts/endpoints';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { route } from '../../http/route';
import { type Cell, sendTable } from '../../http/spreadsheet';
import { currentCustomerId } from '../../plugins/auth';
import * as reports from './service';

/** The names of each group's reports, in the downloads. */
const NAMES: Record<ReportLeadGroup, { receive: [string, string]; statement: [string, string] }> = {
  smart: { receive: ['智能投放接收报表', 'receive'], statement: ['智能投放日报表', 'daily-statement'] },
  cpc: { receive: ['常规投放接收报表', 'cpc-receive'], statement: ['常规投放日报表', 'cpc-daily-statement'] },
};

const RECEIVE_HEADER = ['日期', '项目名称', '接收人', '资源数', DuplicateText.Tag] as const;
/** A statement's header: 项目名称, the month's days (no 31st column for a 30-day month), 合计. */
const statementHeader = (days: number): string[] => ['项目名称', ...Array.from({ length: days }, (_, index) => String(index + 1)), '合计'];

/** The lead reports: receive reports, daily statements and the analysis pies (reportEndpoints). */
export const reportRoutes: FastifyPluginAsync = async (app) => {
  const sendReceive = async (reply: FastifyReply, customerId: number, group: ReportLeadGroup, query: ReportRangeExportQuery) => {
    const { rows, total, duplicates, start, end } = await reports.receiveAll(app.readDb, customerId, group, query);
    const [name, ascii] = NAMES[group].receive;
    return sendTable(
      reply,
      {
        fileName: `${name}_${start}至${end}`,
        asciiFileName: `${ascii}-${start}-${end}`,
        sheetName: name,
        header: RECEIVE_HEADER,
        rows: rows.map((row): Cell[] => [row.dateTime, row.itemTitle, row.crmFollower, row.countNum, row.duplicates]),
        summary: [ReportMessage.Summary, '', '', total, duplicates],
      },
      query.format,
    );
  };
  const sendStatement = async (reply: FastifyReply, customerId: number, group: ReportLeadGroup, query: MonthExportQuery) => {
    const report = await reports.dailyStatement(app.readDb, customerId, group, query);
    const [name, ascii] = NAMES[group].statement;
    return sendTable(
      reply,
      {
        fileName: `${name}_${report.month}`,
        asciiFileName: `${ascii}-${report.month}`,
        sheetName: name,
        header: statementHeader(report.daysInMonth),
        rows: report.rows.map((row): Cell[] => [row.itemTitle, ...row.days.slice(0, report.daysInMonth), row.total]),
        summary: [ReportMessage.Summary, ...report.summary.days.slice(0, report.daysInMonth), report.summary.total],
      },
      query.format,
    );
  };

  route(app, reportEndpoints.receive, async (request) => reports.receiveReport(app.readDb, currentCustomerId(request), 'smart', request.query));
  route(app, reportEndpoints.cpcReceive, async (request) => reports.receiveReport(app.readDb, currentCustomerId(request), 'cpc', request.query));
  route(app, reportEndpoints.receiveExport, async (request, reply) => sendReceive(reply, currentCustomerId(request), 'smart', request.query));
  route(app, reportEndpoints.cpcReceiveExport, async (request, reply) => sendReceive(reply, currentCustomerId(request), 'cpc', request.query));

  route(app, reportEndpoints.dailyStatement, async (request) =>
    reports.dailyStatement(app.readDb, currentCustomerId(request), 'smart', request.query),
  );
  route(app, reportEndpoints.cpcDailyStatement, async (request) =>
    reports.dailyStatement(app.readDb, currentCustomerId(request), 'cpc', request.query),
  );
  route(app, reportEndpoints.dailyStatementExport, async (request, reply) =>
    sendStatement(reply, currentCustomerId(request), 'smart', request.query),
  );
  route(app, reportEndpoints.cpcDailyStatementExport, async (request, reply) =>
    sendStatement(reply, currentCustomerId(request), 'cpc', request.query),
  );

  route(app, reportEndpoints.analysisRegion, async (request) => reports.regionAnalysis(app.readDb, currentCustomerId(request), request.query));
  route(app, reportEndpoints.analysisSearchProvince, async (request) =>
    reports.searchProvinceAnalysis(app.readDb, currentCustomerId(request), request.query),
  );
  route(app, reportEndpoints.analysisProject, async (request) => reports.projectAnalysis(app.readDb, currentCustomerId(request), request.query));
  route(app, reportEndpoints.analysisKeywords, async (request) => reports.keywordAnalysis(app.readDb, currentCustomerId(request), request.query));
};
