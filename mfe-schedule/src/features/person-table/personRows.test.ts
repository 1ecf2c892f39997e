import { checkSlots, moveRow, type PersonRow, replayDraft, sameRows, slotsOf, timeOptions, timeStrOf } from './personRows';

const row = (userId: number, change: Partial<PersonRow> = {}): PersonRow => ({
  userId,
  userName: `员工${userId}`,
  phone: '',
  deptName: '',
  acceptGroupId: null,
  dataNum: 1,
  dataNumLimit: null,
  slots: [],
  distributedNum: 0,
  ...change,
});

test('a timeStr and its slots, both ways; 24:00 ends a day', () => {
  expect(slotsOf('09:00-12:00  22:00-24:00')).toEqual([
    { start: '09:00', end: '12:00' },
    { start: '22:00', end: '24:00' },
  ]);
  expect(slotsOf('')).toEqual([]);
  expect(
    timeStrOf([
      { start: '09:00', end: '12:00' },
      { start: '14:00', end: null },
    ]),
  ).toBe('09:00-12:00');
});

test('slot checks: an end not after its start at once, a missing end only when asked, overlaps as a whole', () => {
  expect(checkSlots([{ start: '18:00', end: '09:00' }], false).slots).toEqual(['结束时间不能小于开始时间']);
  expect(checkSlots([{ start: '09:00', end: '09:00' }], false).slots).toEqual(['结束时间不能小于开始时间']);
  expect(checkSlots([{ start: '09:00', end: null }], false)).toEqual({ slots: [undefined] });
  expect(checkSlots([{ start: '09:00', end: null }], true).slots).toEqual(['请选择开始和结束时间']);
  expect(
    checkSlots(
      [
        { start: '09:00', end: '12:00' },
        { start: '11:00', end: '13:00' },
      ],
      true,
    ).whole,
  ).toBe('时间段不能重叠');
  expect(checkSlots([{ start: '22:00', end: '24:00' }], true)).toEqual({ slots: [undefined], whole: undefined });
});

test('the times offered: half hours, ends up to 24:00, an off-grid time read from the server in its place', () => {
  expect(timeOptions('start', null)).toHaveLength(48);
  expect(timeOptions('start', null).at(-1)).toBe('23:30');
  expect(timeOptions('end', null)[0]).toBe('00:30');
  expect(timeOptions('end', null).at(-1)).toBe('24:00');
  const withOdd = timeOptions('start', '09:15');
  expect(withOdd.slice(withOdd.indexOf('09:00'), withOdd.indexOf('09:00') + 3)).toEqual(['09:00', '09:15', '09:30']);
});

test('moving a row puts it at the place given', () => {
  expect(moveRow([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
  expect(moveRow([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
  expect(moveRow([1, 2], 0, 5)).toEqual([1, 2]);
});

describe('edits replayed over rows the server changed', () => {
  const base = [row(1, { dataNum: 2 }), row(2), row(3)];

  test('a value edited wins, one left alone takes the server’s; people added come last, people gone go', () => {
    const draft = [row(1, { dataNum: 5 }), row(2), row(3)];
    const server = [row(1, { dataNum: 2, dataNumLimit: 8, distributedNum: 3 }), row(3, { acceptGroupId: 7 }), row(4)];
    expect(replayDraft(base, draft, server)).toEqual([
      row(1, { dataNum: 5, dataNumLimit: 8, distributedNum: 3 }),
      row(3, { acceptGroupId: 7 }),
      row(4),
    ]);
  });

  test('people removed here stay removed; an order changed here is kept, else the server’s', () => {
    const removed = [row(1, { dataNum: 2 }), row(3)];
    expect(replayDraft(base, removed, [row(3), row(2), row(1, { dataNum: 2 })]).map((r) => r.userId)).toEqual([3, 1]);
    const moved = [row(3), row(1, { dataNum: 2 }), row(2)];
    expect(replayDraft(base, moved, [row(1, { dataNum: 2 }), row(2), row(3), row(4)]).map((r) => r.userId)).toEqual([3, 1, 2, 4]);
  });

  test('rows compare by people, order and edited values', () => {
    expect(sameRows(base, [row(1, { dataNum: 2, distributedNum: 9 }), row(2), row(3)])).toBe(true);
    expect(sameRows(base, [row(2), row(1, { dataNum: 2 }), row(3)])).toBe(false);
    expect(sameRows(base, [row(1, { dataNum: 2, slots: [{ start: '09:00', end: '10:00' }] }), row(2), row(3)])).toBe(false);
  });
});
