import { labelOf } from '../common/enums';

/** Order status (spec 000 section 3). */
export const OrderStatus = { Cancelled: -1, AwaitingShipment: 1, AwaitingReceipt: 2, Completed: 3 } as const;
export const ORDER_STATUS_LABELS: Record<number, string> = { [-1]: '已取消', 1: '待发货', 2: '待收货', 3: '已完成' };
export const orderStatusLabel = labelOf(ORDER_STATUS_LABELS, '未知');

/** Top-up type: 1 normal, else intelligent investment. */
export const TOP_UP_TYPE_LABELS: Record<number, string> = { 1: '普通', 2: '智能投放' };
export const topUpTypeLabel = (type: number): string => (type === 1 ? '普通' : '智能投放');

/** Address isDefault: 1 default. */
export const AddressDefault = { Yes: 1, No: 0 } as const;
