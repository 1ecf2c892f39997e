import { firstError } from '../common/validation';
import { PlatformMessage } from '../platform/schemas';
import { daysInRange, isIsoDate, WorkbenchMessage, workbenchStatsQuerySchema } from './schemas';

describe('workbench schemas', () => {
  it('accepts real calendar days only', () => {
    expect(['2024-02-29', '2025-12-31'].map(isIsoDate)).toEqual([true, true]);
    expect(['2025-02-29', '2025-13-01', '2025-1-01', '20250101', ''].map(isIsoDate)).toEqual([false, false, false, false, false]);
  });

  it('counts days inclusively', () => {
    expect(daysInRange('2025-01-01', '2025-01-01')).toBe(1);
    expect(daysInRange('2024-12-31', '2025-03-01')).toBe(61);
  });

  it('treats blank parameters as absent and coerces the item id', () => {
    expect(workbenchStatsQuerySchema.parse({ itemId: '', startTime: '', endTime: '' })).toEqual({});
    expect(workbenchStatsQuerySchema.parse({ itemId: '12' })).toEqual({ itemId: 12 });
  });

  it('answers the first problem in Chinese', () => {
    expect(firstError(workbenchStatsQuerySchema, { itemId: 'x' })).toBe(PlatformMessage.ItemInvalid);
    expect(firstError(workbenchStatsQuerySchema, { startTime: '2025-02-30' })).toBe(WorkbenchMessage.DateInvalid);
    expect(firstError(workbenchStatsQuerySchema, { startTime: '2025-02-02', endTime: '2025-02-01' })).toBe(WorkbenchMessage.DateOrder);
    expect(firstError(workbenchStatsQuerySchema, { startTime: '2024-01-01', endTime: '2025-02-01' })).toBe(WorkbenchMessage.RangeTooLong);
  });
});
