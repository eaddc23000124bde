import { describe, expect, it } from 'vitest';
import { dayPart, greetingName } from './greeting';

describe('greeting', () => {
  it('follows the time of day', () => {
    expect([0, 4, 5, 11, 12, 17, 18, 23].map(dayPart)).toEqual([
      'evening',
      'evening',
      'morning',
      'morning',
      'afternoon',
      'afternoon',
      'evening',
      'evening',
    ]);
  });

  it("greets by the user's first name", () => {
    expect(greetingName({ firstName: 'Ada', fullName: 'Ada Lovelace', userName: 'ada' })).toBe('Ada');
    expect(greetingName({ firstName: null, fullName: 'Grace Hopper', userName: 'grace' })).toBe('Grace');
    expect(greetingName({ firstName: ' ', fullName: '张伟', userName: 'zw' })).toBe('张伟');
    expect(greetingName({ firstName: null, fullName: '', userName: 'admin' })).toBe('admin');
  });

  it('greets a Chinese name whole, family name first (李伟, never a lone 伟)', () => {
    expect(greetingName({ firstName: '伟', fullName: '李伟', userName: 'li.wei' })).toBe('李伟');
  });
});
