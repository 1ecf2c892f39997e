import { DateMessage } from '../common/date';
import { firstError } from '../common/validation';
import { PlatformMessage } from '../platform/schemas';
import {
  analysisQuerySchema,
  consumptionQuerySchema,
  fenToYuan,
  foldSlices,
  isLowBalance,
  measureOfDataType,
  monthQuerySchema,
  PIE_OTHER_LABEL,
  ReportMessage,
  reportRangeExportQuerySchema,
  reportRangePageQuerySchema,
  topupQuerySchema,
} from './schemas';

describe('report schemas', () => {
  it('reads a range report with blank filters as absent and defaults the page', () => {
    expect(reportRangePageQuerySchema.parse({ itemId: '', startTime: '', endTime: '' })).toEqual({ page: 1, pageSize: 10 });
    expect(reportRangePageQuerySchema.parse({ itemId: '3', startTime: '2025-01-01', endTime: '2025-12-31' })).toMatchObject({
      itemId: 3,
      startTime: '2025-01-01',
      endTime: '2025-12-31',
    });
    expect(reportRangeExportQuerySchema.parse({})).toEqual({ format: 'xlsx' });
  });

  it('refuses bad ranges, items, months, years, data types, tops and formats in Chinese', () => {
    expect(firstError(reportRangePageQuerySchema, { startTime: '2025-02-30' })).toBe(DateMessage.Invalid);
    expect(firstError(reportRangePageQuerySchema, { startTime: '1999-12-31' })).toBe(DateMessage.OutOfRange);
    expect(firstError(reportRangePageQuerySchema, { startTime: '2025-02-02', endTime: '2025-02-01' })).toBe(DateMessage.Order);
    expect(firstError(reportRangePageQuerySchema, { startTime: '2024-01-01', endTime: '2025-01-02' })).toBe(ReportMessage.RangeTooLong);
    expect(firstError(reportRangePageQuerySchema, { itemId: '-1' })).toBe(PlatformMessage.ItemInvalid);
    expect(firstError(monthQuerySchema, { month: '2025-13' })).toBe(ReportMessage.MonthInvalid);
    expect(firstError(monthQuerySchema, { month: '1999-12' })).toBe(ReportMessage.MonthInvalid);
    expect(firstError(consumptionQuerySchema, { year: '99999' })).toBe(ReportMessage.YearInvalid);
    expect(firstError(consumptionQuerySchema, { year: '1999' })).toBe(ReportMessage.YearInvalid);
    expect(firstError(consumptionQuerySchema, { dataType: '8' })).toBe(ReportMessage.DataTypeInvalid);
    expect(firstError(consumptionQuerySchema, { dataType: '0' })).toBe(ReportMessage.DataTypeInvalid);
    expect(firstError(analysisQuerySchema, { top: '7' })).toBe(ReportMessage.TopInvalid);
    expect(firstError(topupQuerySchema, { type: '3' })).toBe(ReportMessage.TopupTypeInvalid);
    expect(firstError(reportRangeExportQuerySchema, { format: 'pdf' })).toBe(ReportMessage.FormatInvalid);
    expect(analysisQuerySchema.parse({ top: '15' })).toEqual({ top: 15 });
  });

  it('maps dataType 1 to 7 onto the seven measures of the daily map', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => measureOfDataType(n as 1))).toEqual([
      'costCoin',
      'costMoney',
      'serviceCoin',
      'cpCostCoin',
      'cpCostMoney',
      'jpCostCoin',
      'jpCostMoney',
    ]);
  });

  it('calls a project low at 2 days of balance or fewer, and never without an estimate', () => {
    expect([0, 1, 2, 3, null].map(isLowBalance)).toEqual([true, true, true, false, false]);
  });

  it('formats fen as yuan exactly', () => {
    expect(fenToYuan(0)).toBe('0.00');
    expect(fenToYuan(5)).toBe('0.05');
    expect(fenToYuan(123456)).toBe('1234.56');
    expect(fenToYuan(-1050)).toBe('-10.50');
    expect(fenToYuan(900719925474099)).toBe('9007199254740.99');
  });

  it('folds slices past the eighth into 其他, biggest first', () => {
    const slices = Array.from({ length: 12 }, (_, i) => ({ name: `省${i}`, value: i + 1 }));
    const folded = foldSlices(slices);
    expect(folded).toHaveLength(8);
    expect(folded[0]).toEqual({ name: '省11', value: 12 });
    expect(folded[7]).toEqual({ name: PIE_OTHER_LABEL, value: 1 + 2 + 3 + 4 + 5 });
    expect(folded.reduce((sum, s) => sum + s.value, 0)).toBe(78);
    expect(
      foldSlices([
        { name: 'a', value: 0 },
        { name: 'b', value: 2 },
      ]),
    ).toEqual([{ name: 'b', value: 2 }]);
  });
});
