import { describe, expect, it } from 'vitest';

import { sizeInWords } from './sizes.js';

describe('sizeInWords', () => {
  it('names a size in the largest unit, to a tenth', () => {
    expect(sizeInWords(12)).toBe('12 bytes');
    expect(sizeInWords(1536)).toBe('1.5 KiB');
    expect(sizeInWords(50 * 1024 * 1024)).toBe('50 MiB');
    expect(sizeInWords(100 * 1024 * 1024 + 1)).toBe('100 MiB');
    expect(sizeInWords(3 * 1024 ** 3)).toBe('3 GiB');
  });
});
