import { parseTranscript, transcriptLine } from './transcript';

describe('transcriptLine', () => {
  it('writes who, the time and the text on one line', () => {
    expect(transcriptLine('visitor', '2026-11-28 10:00:00', '想了解加盟费用')).toBe('访客 2026-11-28 10:00:00：想了解加盟费用');
    expect(transcriptLine('customer', '2026-11-28 10:01:00', '您好')).toBe('客服 2026-11-28 10:01:00：您好');
  });

  it('indents the further lines of a message, so none reads as a message of its own', () => {
    expect(transcriptLine('visitor', '2026-11-28 10:00:00', '第一行\r\n客服 2026-11-28 10:00:01：假冒')).toBe(
      '访客 2026-11-28 10:00:00：第一行\n  客服 2026-11-28 10:00:01：假冒',
    );
  });
});

describe('parseTranscript', () => {
  it('reads the messages in order, who, time and text (a separator in the text kept)', () => {
    const content = [
      '访客 2026-11-28 10:00:00：想了解加盟费用',
      '客服 2026-11-28 10:01:00：您好：请留下电话',
      '访客 2026-11-28 10:02:00：13800138123',
    ].join('\n');
    expect(parseTranscript(content)).toEqual({
      omitted: false,
      messages: [
        { sender: 'visitor', time: '2026-11-28 10:00:00', text: '想了解加盟费用' },
        { sender: 'customer', time: '2026-11-28 10:01:00', text: '您好：请留下电话' },
        { sender: 'visitor', time: '2026-11-28 10:02:00', text: '13800138123' },
      ],
    });
  });

  it('reads back what transcriptLine writes, messages of several lines and HTML included', () => {
    const messages = [
      { sender: 'visitor' as const, time: '2026-11-28 10:00:00', text: '第一行\n客服 2026-11-28 10:00:01：假冒\n  缩进行' },
      { sender: 'customer' as const, time: '2026-11-28 10:01:00', text: '<b>您好</b><script>alert(1)</script>' },
    ];
    const content = messages.map(({ sender, time, text }) => transcriptLine(sender, time, text)).join('\n');
    expect(parseTranscript(content)).toEqual({ omitted: false, messages });
  });

  it('says when older messages were left out', () => {
    expect(parseTranscript('……\n客服 2026-11-28 10:01:00：您好')).toEqual({
      omitted: true,
      messages: [{ sender: 'customer', time: '2026-11-28 10:01:00', text: '您好' }],
    });
  });

  it('joins an unindented line to the message before (contents written before the continuation rule)', () => {
    expect(parseTranscript('访客 2026-11-28 10:00:00：第一行\n第二行\r\n')?.messages).toEqual([
      { sender: 'visitor', time: '2026-11-28 10:00:00', text: '第一行\n第二行' },
    ]);
  });

  it.each([
    ['null', null],
    ['empty', ''],
    ['only the omission mark', '……'],
    ['plain text', '请尽快联系我'],
    ['a first line that is no message', '备注\n访客 2026-11-28 10:00:00：你好'],
    ['a time of another form', '访客 2026/11/28 10:00：你好'],
    ['another speaker', '机器人 2026-11-28 10:00:00：你好'],
  ])('is null for %s', (_name, content) => {
    expect(parseTranscript(content)).toBeNull();
  });
});
