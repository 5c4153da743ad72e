/**
 * Mockoon's Handlebars helpers as decorest placeholders (issue 41): what each common helper
 * becomes, and what is named instead of converted.
 */
import { describe, expect, it } from 'vitest';

import { parseTemplate } from '../rules/rule-template.js';
import { convertTemplate } from './mockoon-template.js';

describe('convertTemplate', () => {
  it('turns the request helpers into placeholders decorest rules accept', () => {
    const converted = convertTemplate(
      `{"id": {{urlParam 'id'}}, "q": "{{queryParam 'q'}}", "f": "{{queryParam 'filter.name'}}", ` +
        `"ua": "{{header 'User-Agent'}}", "name": "{{body 'name'}}", "city": "{{body 'address.city'}}", ` +
        `"first": "{{body '$.items[0].sku'}}", "all": {{{body}}}, "who": "{{faker 'person.firstName'}}", ` +
        `"uuid": "{{uuid}}", "at": "{{now}}"}`,
    );
    expect(converted).toMatchObject({ unsupported: [], guesses: [], templated: true });
    expect(converted.text).toBe(
      '{"id": {{params.id}}, "q": "{{query.q}}", "f": "{{query.filter[name]}}", ' +
        '"ua": "{{header.user-agent}}", "name": "{{body.name}}", "city": "{{body./address/city}}", ' +
        '"first": "{{body./items/0/sku}}", "all": {{body}}, "who": "{{fake.person.firstName}}", ' +
        '"uuid": "{{fake.string.uuid}}", "at": "{{now}}"}',
    );
    expect(parseTemplate(converted.text).problems).toEqual([]);
  });

  it('unrolls a repeat with a fixed count as Mockoon renders it, @index included', () => {
    const converted = convertTemplate(
      `[{{#repeat 3}}{"n": {{@index}}, "last": {{@last}}}{{/repeat}}]`,
    );
    expect(JSON.parse(converted.text)).toEqual([
      { n: 0, last: false },
      { n: 1, last: false },
      { n: 2, last: true },
    ]);
    expect(convertTemplate(`{{#repeat 2 comma=false}}x{{/repeat}}`).text).toBe('xx');
  });

  it('names what has no placeholder: other helpers render as nothing, blocks keep the text', () => {
    const inline = convertTemplate(`{"n": "{{int 1 9}}", "c": "{{oneOf (array 'a' 'b')}}"}`);
    expect(inline).toMatchObject({ unsupported: ['int', 'oneOf'], text: '{"n": "", "c": ""}' });
    const block = convertTemplate(`{{#if (header 'x')}}a{{else}}b{{/if}}`);
    expect(block.blocked).toBe('#if');
    expect(block.text).toBe(`{{#if (header 'x')}}a{{else}}b{{/if}}`);
    expect(convertTemplate(`{{#repeat 1 5}}x{{/repeat}}`).blocked).toMatch(/random/);
    const guessed = convertTemplate(`{{now 'yyyy'}} {{queryParam 'p' '1'}}`);
    expect(guessed.text).toBe('{{now}} {{query.p}}');
    expect(guessed.guesses).toHaveLength(2);
  });
});
