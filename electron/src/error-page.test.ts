import { describe, expect, it } from 'vitest';

import { escapeHtml, renderErrorPage } from './error-page.js';

describe('renderErrorPage', () => {
  it('escapes everything it is given', () => {
    const html = renderErrorPage(
      { title: '<script>alert(1)</script>', detail: `a"b'c&d`, hint: '<img src=x onerror=y>' },
      'n"once',
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('a&#34;b&#39;c&#38;d');
    expect(html).toContain('nonce="n&#34;once"');
  });

  it('has no script at all', () => {
    expect(renderErrorPage({ title: 't', detail: 'd' }, 'n')).not.toMatch(/<script/i);
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<>&"'`)).toBe('&#60;&#62;&#38;&#34;&#39;');
  });
});
