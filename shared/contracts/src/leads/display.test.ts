import { leadContentText, leadContentView, leadQuestionnaire, sortedCalls } from './display';

describe('lead content', () => {
  it('shows plain text as it is', () => {
    expect(leadContentView('想了解加盟费用')).toBe('想了解加盟费用');
    expect(leadContentView('  ')).toBeNull();
    expect(leadContentView(null)).toBeNull();
    expect(leadContentView('{not json')).toBe('{not json');
  });

  it('labels structured content, from an object or its JSON text, leaving out empty fields', () => {
    const expected = [
      { label: '微信', value: 'wx_zhang' },
      { label: '留言内容', value: '请回电' },
      { label: '性别', value: '男' },
      { label: '预算', value: '10-20万' },
    ];
    expect(leadContentView({ wechart: 'wx_zhang', feedback: '请回电', sex: '男', budget: '10-20万', visitTime: '' })).toEqual(expected);
    expect(leadContentView(JSON.stringify({ budget: '10-20万', sex: '男', feedback: '请回电', wechart: 'wx_zhang' }))).toEqual(expected);
    expect(leadContentText('{"visitTime":"2026-03-01 10:00","feedback":"你好"}')).toBe('留言内容：你好；访问时间：2026-03-01 10:00');
    expect(leadContentText('{}')).toBe('');
  });
});

describe('questionnaire and calls', () => {
  it('lists the answers of either shape', () => {
    expect(leadQuestionnaire([{ question: '预算', answer: '10万' }])).toEqual([{ label: '预算', value: '10万' }]);
    expect(leadQuestionnaire({ 开店城市: '杭州', 面积: 80 })).toEqual([
      { label: '开店城市', value: '杭州' },
      { label: '面积', value: '80' },
    ]);
    expect(leadQuestionnaire(null)).toEqual([]);
  });

  it('puts the newest call first', () => {
    const calls = [
      { id: 1, callTime: '2026-03-01 10:00:00', message: '未接通' },
      { id: 2, callTime: '2026-03-02 09:00:00', message: '有意向' },
    ];
    expect(sortedCalls(calls).map((call) => call.id)).toEqual([2, 1]);
  });
});
