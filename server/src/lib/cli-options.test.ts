import { choiceOption, optionalWholeOption, requiredOption, UsageError, wholeOption, yuanOption } from './cli-options';

/** The message of the usage error `read` throws (and that it is one). */
const refusal = (read: () => unknown): string => {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('no refusal');
};

describe('the operator CLIs option readers', () => {
  it('reads yuan as exact fen, at least the minimum', () => {
    expect(yuanOption('5000', 'money')).toBe(500_000);
    expect(yuanOption('0.1', 'money')).toBe(10);
    expect(yuanOption('1234.56', 'money')).toBe(123_456);
    expect(yuanOption('0.29', 'money')).toBe(29);
    expect(yuanOption('0', 'min-price')).toBe(0);
    for (const bad of ['1.234', '-5', '1e3', '', '12,00', '0x10', undefined])
      expect(refusal(() => yuanOption(bad, 'money'))).toBe('--money is yuan with at most 2 decimals');
    expect(refusal(() => yuanOption('0', 'money', 1))).toBe('--money must be at least 0.01 yuan');
  });

  it('reads canonical whole numbers within their range, with a fallback when absent', () => {
    expect(wholeOption('42', 'stock')).toBe(42);
    expect(wholeOption(undefined, 'limit', { min: 1, max: 1000, fallback: 20 })).toBe(20);
    expect(wholeOption('-5', 'sort', { min: -10, max: 10 })).toBe(-5);
    expect(optionalWholeOption(undefined, 'click')).toBeUndefined();
    expect(refusal(() => wholeOption(undefined, 'stock'))).toBe('--stock is required');
    for (const bad of ['-1', '007', '1.5', '1e3', ' 3', '2147483648'])
      expect(refusal(() => wholeOption(bad, 'stock'))).toBe('--stock is a whole number from 0 to 2147483647');
    expect(refusal(() => wholeOption('1001', 'limit', { min: 1, max: 1000 }))).toBe('--limit is a whole number from 1 to 1000');
  });

  it('reads a required text and a choice', () => {
    expect(requiredOption('顺丰', 'company')).toBe('顺丰');
    expect(refusal(() => requiredOption(undefined, 'company'))).toBe('--company is required');
    expect(choiceOption('official', 'task', ['activity', 'official'] as const)).toBe('official');
    expect(refusal(() => choiceOption('share', 'task', ['activity', 'official']))).toBe('--task is one of activity, official');
    expect(refusal(() => choiceOption(undefined, 'task', ['activity']))).toBe('--task is one of activity');
  });
});
