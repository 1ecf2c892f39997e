import { DateMessage } from '../common/date';
import { firstError } from '../common/validation';
import { PlatformMessage } from '../platform/schemas';
import {
  analysisQuerySchema,
  consumptionQuerySchema,
  fenToYuan,
  foldSlices,
  formatMoney,
  formatShare,
  isLowBalance,
  measureOfDataType,
  monthQuerySchema,
  PIE_OTHER_LABEL,
  ReportMessage,
  reportRangeExportQuerySchema,
  reportRangePageQuerySchema,
  topSlices,
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

  it('formats money with ¥, thousands separators and two decimals, exactly', () => {
    expect(formatMoney(0)).toBe('¥0.00');
    expect(formatMoney(5)).toBe('¥0.05');
    expect(formatMoney(292500)).toBe('¥2,925.00');
    expect(formatMoney(123456789)).toBe('¥1,234,567.89');
    expect(formatMoney(-1050)).toBe('-¥10.50');
    expect(formatMoney(900719925474099)).toBe('¥9,007,199,254,740.99');
  });

  it('answers a top N with 其他 holding everything else, so that shares are of the grand total', () => {
    const slices = Array.from({ length: 12 }, (_, i) => ({ name: `词${i}`, value: i + 1 }));
    const total = 78 + 30; // 30 more leads whose keys are not among these slices
    const top = topSlices(slices, 10, total);
    expect(top).toHaveLength(11);
    expect(top.slice(0, 2)).toEqual([
      { name: '词11', value: 12 },
      { name: '词10', value: 11 },
    ]);
    expect(top[10]).toEqual({ name: PIE_OTHER_LABEL, value: total - (78 - 1 - 2) });
    expect(top.reduce((sum, s) => sum + s.value, 0)).toBe(total);
    // The pie folds past its eighth slice: 其他 is then everything outside the seven shown, never only ranks 8-10.
    const pie = foldSlices(top);
    expect(pie).toHaveLength(8);
    expect(pie[7]).toEqual({ name: PIE_OTHER_LABEL, value: total - (12 + 11 + 10 + 9 + 8 + 7 + 6) });
    expect(pie.reduce((sum, s) => sum + s.value, 0)).toBe(total);
    // A big 其他 stays last and single.
    expect(
      foldSlices([
        { name: PIE_OTHER_LABEL, value: 500 },
        { name: 'a', value: 3 },
      ]),
    ).toEqual([
      { name: 'a', value: 3 },
      { name: PIE_OTHER_LABEL, value: 500 },
    ]);
    expect(topSlices(slices.slice(0, 2), 10, 3)).toEqual([
      { name: '词1', value: 2 },
      { name: '词0', value: 1 },
    ]);
    expect([formatShare(13, 280), formatShare(1, 4), formatShare(1, 0)]).toEqual(['4.6%', '25%', '0%']);
  });
});
