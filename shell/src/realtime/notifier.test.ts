import { TitleFlasher } from './notifier';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('tab title flasher', () => {
  it('alternates with a title the page set meanwhile (another route) and restores that one', () => {
    const doc = { title: '工作台' };
    const flasher = new TitleFlasher({ doc });
    flasher.start();
    expect(doc.title).toBe('【新消息】工作台');
    jest.advanceTimersByTime(1000);
    expect(doc.title).toBe('工作台');
    // The user opens another page, which sets its own title.
    doc.title = '资源列表';
    jest.advanceTimersByTime(1000);
    expect(doc.title).toBe('【新消息】资源列表');
    jest.advanceTimersByTime(1000);
    expect(doc.title).toBe('资源列表');
    flasher.stop();
    expect(doc.title).toBe('资源列表');
    expect(flasher.active).toBe(false);
    jest.advanceTimersByTime(5000);
    expect(doc.title).toBe('资源列表');
  });

  it('starts once: a second start while flashing keeps the original title', () => {
    const doc = { title: '工作台' };
    const flasher = new TitleFlasher({ doc });
    flasher.start();
    flasher.start();
    jest.advanceTimersByTime(3000);
    flasher.stop();
    expect(doc.title).toBe('工作台');
  });
});
