import { formatMoney } from '@portal/contracts/reports';

/** A count as the tables show it: grouped digits ('12,345'). */
const countFormat = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 });
export const formatCount = (value: number): string => countFormat.format(value);

/**
 * Fen from the server as money: '¥' yuan with thousands separators and two decimals ('¥12,345.60'),
 * the contracts' formatMoney, the one money format of every report page.
 */
export const formatYuan = (fen: number): string => formatMoney(fen);
