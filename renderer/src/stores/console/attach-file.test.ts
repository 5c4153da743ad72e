import { describe, expect, it } from 'vitest';

import { attachRefusal } from './attach-file';

describe('attaching a file to a multipart field', () => {
  it('refuses a 100 MB file before any byte moves, naming the limit', () => {
    expect(attachRefusal({ name: 'video.mp4', size: 100 * 1024 * 1024 })).toBe(
      'video.mp4 is 100 MiB: files up to 50 MiB can be sent.',
    );
  });
  it('takes a file up to the limit', () => {
    expect(attachRefusal({ name: 'a.png', size: 50 * 1024 * 1024 })).toBeNull();
    expect(attachRefusal({ name: 'empty', size: 0 })).toBeNull();
  });
});
