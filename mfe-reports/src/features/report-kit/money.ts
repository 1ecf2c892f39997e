import { fenToYuan } from '@portal/contracts/reports';

/** A count as the tables show it: grouped digits ('12,345'). */
const countFormat = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 });
export const formatCount = (value: number): string => countFormat.format(value);

/** Fen from the server as yuan with two decimals ('1234.50'); money is never formatted any other way. */
export const formatYuan = (fen: number): string => fenToYuan(fen);
