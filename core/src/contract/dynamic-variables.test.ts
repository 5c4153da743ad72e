import { faker } from '@faker-js/faker/locale/en';
import { describe, expect, it } from 'vitest';

import { drawDynamicValues, DYNAMIC_VARIABLES, isDynamicVariable } from './dynamic-variables.js';

describe("Postman's dynamic variables (issue 41)", () => {
  it('draws a non-empty text for every one, from the real faker', () => {
    for (const [name, draw] of Object.entries(DYNAMIC_VARIABLES)) {
      const value = draw(faker);
      expect(typeof value, name).toBe('string');
      expect(value.length, name).toBeGreaterThan(0);
    }
  });

  it('draws the common ones in their shapes, and nothing for others', () => {
    const v = drawDynamicValues(
      ['$guid', '$timestamp', '$randomInt', '$randomEmail', '$randomCountry', '$randomMood', 'x'],
      faker,
    );
    expect(v['$guid']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(Math.abs(Number(v['$timestamp']) - Date.now() / 1000)).toBeLessThan(3600);
    expect(Number.isInteger(Number(v['$randomInt']))).toBe(true);
    expect(v['$randomEmail']).toMatch(/^\S+@\S+\.\S+$/);
    expect(v['$randomCountry']!.length).toBeGreaterThan(1);
    expect(Object.keys(v).sort()).toEqual(
      ['$guid', '$randomCountry', '$randomEmail', '$randomInt', '$timestamp'].sort(),
    );
    expect(isDynamicVariable('$randomMood')).toBe(false);
    expect(isDynamicVariable('__proto__')).toBe(false);
  });
});
