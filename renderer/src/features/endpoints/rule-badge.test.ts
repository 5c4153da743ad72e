import { describe, expect, it } from 'vitest';

import type { ResponseRule } from '../../api';
import { ruleBadgeText, ruleCounts } from './rule-badge';

const rule = (path: string, enabled: boolean): ResponseRule =>
  ({ id: `${path}-${String(enabled)}`, method: 'GET', path, enabled }) as unknown as ResponseRule;

describe("the Endpoints list's rule badge (issue 48)", () => {
  it('counts switched-off rules too', () => {
    const counts = ruleCounts([
      rule('/a', true),
      rule('/a', true),
      rule('/b', true),
      rule('/b', false),
      rule('/c', false),
    ]);
    expect(ruleBadgeText(counts.get('GET /a')!)).toBe('2 rules');
    expect(ruleBadgeText(counts.get('GET /b')!)).toBe('1 rule · 1 off');
    expect(ruleBadgeText(counts.get('GET /c')!)).toBe('1 off');
    expect(counts.has('GET /d')).toBe(false);
  });
});
