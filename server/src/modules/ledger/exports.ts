import {
  type BalanceReport,
  type ConsumptionReport,
  DATA_TYPE_LABELS,
  type DataType,
  isCostPending,
  PENDING_COST_TEXT,
  ReportMessage,
  topupTypeLabel,
  type TopupRow,
  LEAD_COUNT_LABEL,
} from '@portal/contracts/reports';
import type { Cell, SheetTable } from '../../http/spreadsheet';
import type { PromotionData } from './reports';

/**
 * The ledger's export tables: Chinese headers in the page's column order, the summary row 合计
 * last. Money cells are yuan numbers with two decimals (fen / 100), so a spreadsheet sums them;
 * points and counts are whole numbers.
 */

/** Fen as a yuan number ('1234.5' for 123450 fen): exact to the fen, a number the sheet can sum. */
export const yuan = (fen: number): number => Math.round(fen) / 100;

export function balanceTable(report: BalanceReport, today: string): SheetTable {
  return {
    fileName: `余额中心_${today}`,
    asciiFileName: `balance-${today}`,
    sheetName: '余额中心',
    header: ['项目', '行业', '销售经理', '服务经理', '累计充值(元)', '现金余额(元)', '前天消耗(元)', '昨天消耗(元)', '预计可用天数'],
    rows: report.rows.map((row) => [
      row.title,
      row.industry,
      row.saler,
      row.server,
      yuan(row.increment),
      yuan(row.money),
      yuan(row.beforeYesterdayCostMoney),
      yuan(row.yesterdayCostMoney),
      row.canConsumeDay,
    ]),
    summary: [
      ReportMessage.Summary,
      null,
      null,
      null,
      yuan(report.summary.increment),
      yuan(report.summary.money),
      yuan(report.summary.beforeYesterdayCostMoney),
      yuan(report.summary.yesterdayCostMoney),
      null,
    ],
  };
}

/** The file is named after the arrival days asked: 充值记录_<start>至<end>, or 充值记录_<end> without a start. */
export function topupTable(rows: TopupRow[], money: number, start: string | undefined, end: string): SheetTable {
  return {
    fileName: `充值记录_${start ? `${start}至${end}` : end}`,
    asciiFileName: `topups-${start ? `${start}-${end}` : end}`,
    sheetName: '充值记录',
    header: ['编号', '项目', '充值金额(元)', '类型', '到账日期', '备注', '录入时间'],
    rows: rows.map((row) => [row.id, row.itemTitle, yuan(row.money), topupTypeLabel(row.type), row.payTime, row.remark, row.publishTime]),
    summary: [ReportMessage.Summary, null, yuan(money), null, null, null, null],
  };
}

export function promotionTable(data: PromotionData): SheetTable {
  const label = `${data.range.start}至${data.range.end}`;
  const coin = data.showCostCoin;
  const header = [
    '日期',
    '项目',
    LEAD_COUNT_LABEL,
    '电话请求数',
    '总资源数',
    ...(coin ? ['消耗积分'] : []),
    '消耗金额(元)',
    '均价(元)',
    '服务经理',
    '销售',
  ];
  // A day whose cost is not booked yet says 待结算 in its cost cells, as the page does, never 0.
  const rows: Cell[][] = data.rows.map((row) => {
    const cost = (value: Cell): Cell => (isCostPending(row.day, row.costMoney, data.pendingFrom) ? PENDING_COST_TEXT : value);
    return [
      row.day,
      row.itemTitle,
      row.feedback,
      row.phone,
      row.total,
      ...(coin ? [cost(row.costCoin)] : []),
      cost(yuan(row.costMoney)),
      cost(yuan(row.price)),
      row.server,
      row.saler,
    ];
  });
  const s = data.summary;
  return {
    fileName: `推广管理_${label}`,
    asciiFileName: `promotion-${data.range.start}-${data.range.end}`,
    sheetName: '推广管理',
    header,
    rows,
    summary: [ReportMessage.Summary, null, s.feedback, s.phone, s.total, ...(coin ? [s.costCoin] : []), yuan(s.costMoney), yuan(s.price), null, null],
  };
}

export function consumptionTable(report: ConsumptionReport): SheetTable {
  const daily = report.month !== null;
  const width = daily ? report.summary.cells.filter((cell) => cell !== null).length : 12;
  const value = (cell: number | null): Cell => (cell === null ? null : report.money ? yuan(cell) : cell);
  const unit = report.money ? '(元)' : '';
  const period = daily ? `${report.year}-${String(report.month).padStart(2, '0')}` : String(report.year);
  const label = DATA_TYPE_LABELS[report.dataType as DataType];
  return {
    fileName: `消费报表_${label}_${period}`,
    asciiFileName: `consumption-${daily ? 'daily' : 'monthly'}-${report.dataType}-${period}`,
    sheetName: `${label}${daily ? '按日' : '按月'}`,
    header: ['项目', ...Array.from({ length: width }, (_, index) => `${index + 1}${daily ? '日' : '月'}${unit}`), `合计${unit}`],
    rows: report.rows.map((row) => [row.itemTitle, ...row.cells.slice(0, width).map(value), value(row.total)]),
    summary: [ReportMessage.Summary, ...report.summary.cells.slice(0, width).map(value), value(report.summary.total)],
  };
}
