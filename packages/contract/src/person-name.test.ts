import { describe, expect, it } from 'vitest';
import { fullNameOf, greetingNameOf, isCjkName, nameInitials } from './person-name.js';

describe('people\'s names', () => {
  it('put a CJK family name first, with no space', () => {
    expect(fullNameOf('伟', '李')).toBe('李伟');
    expect(fullNameOf('娜娜', '欧阳')).toBe('欧阳娜娜');
    expect(fullNameOf('太郎', '山田')).toBe('山田太郎');
    expect(fullNameOf('민준', '김')).toBe('김민준');
  });

  it('write other names first name first, with a space', () => {
    expect(fullNameOf('Ada', 'Lovelace')).toBe('Ada Lovelace');
    expect(fullNameOf('José', 'Núñez')).toBe('José Núñez');
    // Mixed scripts are not a CJK name: the Western order keeps both parts readable.
    expect(fullNameOf('Wei', '李')).toBe('Wei 李');
    expect(fullNameOf('伟', 'Li')).toBe('伟 Li');
  });

  it('use the one part given, trimmed', () => {
    expect(fullNameOf(' 芳 ', null)).toBe('芳');
    expect(fullNameOf(undefined, 'Hopper')).toBe('Hopper');
    expect(fullNameOf(' ', '')).toBe('');
  });

  it('tell CJK name parts', () => {
    expect(isCjkName('李')).toBe(true);
    expect(isCjkName('ヤマダ')).toBe(true);
    expect(isCjkName('Li')).toBe(false);
    expect(isCjkName('李 Li')).toBe(false);
  });

  it('show the given name on an avatar, as Chinese products do, and Latin initials otherwise', () => {
    expect(nameInitials('李伟')).toBe('李伟');
    expect(nameInitials('王小明')).toBe('小明');
    expect(nameInitials('欧阳娜娜')).toBe('娜娜');
    expect(nameInitials('Ada Lovelace')).toBe('AL');
    expect(nameInitials('grace')).toBe('GR');
    expect(nameInitials('  ')).toBe('?');
  });

  it('greet by the given name, or by the whole CJK name', () => {
    expect(greetingNameOf({ firstName: 'Ada', fullName: 'Ada Lovelace' })).toBe('Ada');
    expect(greetingNameOf({ firstName: '伟', fullName: '李伟' })).toBe('李伟');
    expect(greetingNameOf({ firstName: null, fullName: 'Grace Hopper' })).toBe('Grace');
    expect(greetingNameOf({ firstName: null, fullName: '' })).toBe('');
  });
});
