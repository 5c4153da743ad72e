import { describe, expect, it } from 'vitest';

import { externalUrl, permissionAllowed, windowTitle } from './web-policy.js';

describe('externalUrl', () => {
  it('passes http and https links to the system browser', () => {
    expect(externalUrl('https://github.com/x')).toBe('https://github.com/x');
    expect(externalUrl('http://127.0.0.1:3000/todos')).toBe('http://127.0.0.1:3000/todos');
  });

  it('drops every other scheme and anything unparsable', () => {
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'app://studio/x',
      'ms-msdt:/id',
      'data:text/html,x',
      'not a url',
    ]) {
      expect(externalUrl(url), url).toBeUndefined();
    }
  });
});

describe('permissionAllowed', () => {
  it('allows only clipboard writes from our own page', () => {
    expect(permissionAllowed('clipboard-sanitized-write', 'app://studio', 'app://studio')).toBe(
      true,
    );
    expect(
      permissionAllowed('clipboard-sanitized-write', 'https://evil.example', 'app://studio'),
    ).toBe(false);
    for (const permission of [
      'clipboard-read',
      'media',
      'notifications',
      'geolocation',
      'openExternal',
    ]) {
      expect(permissionAllowed(permission, 'app://studio', 'app://studio')).toBe(false);
    }
  });
});

describe('windowTitle', () => {
  it('adds notes to the page title', () => {
    expect(windowTitle('Decorest Studio: todo', [])).toBe('Decorest Studio: todo');
    expect(windowTitle('', ['port 3000 was busy, the mock API is on 51234'])).toBe(
      'Decorest Studio (port 3000 was busy, the mock API is on 51234)',
    );
  });
});
