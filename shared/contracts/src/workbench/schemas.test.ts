import { firstError } from '../common/validation';
import { PlatformMessage } from '../platform/schemas';
import { DateMessage } from '../common/date';
import { WorkbenchMessage, workbenchStatsQuerySchema } from './schemas';

describe('workbench schemas', () => {
  it('treats blank parameters as absent and reads the item id', () => {
    expect(workbenchStatsQuerySchema.parse({ itemId: '', startTime: '', endTime: '' })).toEqual({});
    expect(workbenchStatsQuerySchema.parse({ itemId: '12' })).toEqual({ itemId: 12 });
  });

  it('answers the first problem in Chinese', () => {
    expect(firstError(workbenchStatsQuerySchema, { itemId: 'x' })).toBe(PlatformMessage.ItemInvalid);
    expect(firstError(workbenchStatsQuerySchema, { startTime: '2025-02-30' })).toBe(DateMessage.Invalid);
    expect(firstError(workbenchStatsQuerySchema, { startTime: '2025-02-02', endTime: '2025-02-01' })).toBe(DateMessage.Order);
    expect(firstError(workbenchStatsQuerySchema, { startTime: '2024-01-01', endTime: '2025-02-01' })).toBe(WorkbenchMessage.RangeTooLong);
  });
});
