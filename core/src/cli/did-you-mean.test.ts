import { describe, expect, it } from 'vitest';

import { closestName, didYouMean } from './did-you-mean.js';

const COMMANDS = ['serve', 'studio', 'routes', 'openapi', 'seed', 'fake', 'db', 'init'];

describe('did you mean', () => {
  it('offers the command a typo or a prefix meant', () => {
    expect(closestName('serv', COMMANDS)).toBe('serve');
    expect(closestName('stuido', COMMANDS)).toBe('studio');
    expect(closestName('open', COMMANDS)).toBe('openapi');
    expect(didYouMean('rout', COMMANDS)).toBe('; did you mean "routes"?');
  });

  it('offers nothing for a word far from every name', () => {
    expect(closestName('deploy', COMMANDS)).toBeUndefined();
    expect(didYouMean('x', ['serve'])).toBe('');
  });
});
