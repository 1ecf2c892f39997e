import { parseChinaTime, relativeChinaTime } from './relativeChinaTime';

// 2024-03-01 09:33:00 in China.
const now = new Date(Date.UTC(2024, 2, 1, 1, 33, 0));

describe('relative China time', () => {
  it('reads server times as China time whatever the machine zone', () => {
    expect(parseChinaTime('2024-03-01 09:30:00')?.toISOString()).toBe('2024-03-01T01:30:00.000Z');
  });

  it('says how long ago in Chinese', () => {
    expect(relativeChinaTime('2024-03-01 09:30:00', now)).toBe('3 分钟前');
    expect(relativeChinaTime('2024-03-01 09:32:55', now)).toBe('几秒前');
    expect(relativeChinaTime('2024-03-01 07:33:00', now)).toBe('2 小时前');
    expect(relativeChinaTime('2024-02-28 09:33:00', now)).toBe('2 天前');
  });

  it('shows a time ahead of this clock as just now, and a value that is not a time as it is', () => {
    expect(relativeChinaTime('2024-03-01 09:35:00', now)).toBe('几秒前');
    expect(relativeChinaTime('昨天', now)).toBe('昨天');
  });
});
