/**
 * Made-up field values (issue 16), chosen by field name, type, format and rules: an `email`
 * is an email, a `createdAt: Date` a recent date, an enum one of its values, `min`/`max` and
 * lengths respected. Built on `@faker-js/faker` (English locale only, loaded on first use so
 * `serve` never pays for it), seeded so the same seed gives the same values.
 */
import type { Faker } from '@faker-js/faker';

import type { FieldSchema, FieldType } from '../model/schema.js';

/** Picks a value for one field; `faker` is seeded by the caller. */
export type ValuePicker = (faker: Faker) => unknown;

/** How {@link fieldPicker} picks. */
export interface PickOptions {
  /** The day recent and coming dates count from; midnight UTC today unless given. */
  readonly refDate?: Date;
  /** Never leave an optional field out or a nullable one null (an example shows every field). */
  readonly whole?: boolean;
}

let loaded: Promise<Faker> | undefined;

/** The English-locale faker, loaded once. */
export function loadFaker(): Promise<Faker> {
  loaded ??= import('@faker-js/faker/locale/en').then((m) => m.faker);
  return loaded;
}

/** Strings by what their name says (lower-cased, `_` and `-` removed). */
const BY_NAME: readonly [RegExp, (f: Faker) => string][] = [
  [/email/, (f) => f.internet.email().toLowerCase()],
  [/^(firstname|givenname)$/, (f) => f.person.firstName()],
  [/^(lastname|surname|familyname)$/, (f) => f.person.lastName()],
  [/^(name|fullname|author|owner|displayname)$/, (f) => f.person.fullName()],
  [/user(name)?$|login|handle/, (f) => f.internet.username()],
  [/(url|uri|website|link|homepage)$/, (f) => f.internet.url()],
  [/(avatar|image|photo|picture)/, (f) => f.image.url()],
  [/phone|mobile/, (f) => f.phone.number()],
  [/city/, (f) => f.location.city()],
  [/country/, (f) => f.location.country()],
  [/(street|address)/, (f) => f.location.streetAddress()],
  [/(zip|postcode|postalcode)/, (f) => f.location.zipCode()],
  [/(company|organi[sz]ation|employer)/, (f) => f.company.name()],
  [/(colou?r)/, (f) => f.color.human()],
  [/(title|subject|headline)/, (f) => f.lorem.sentence({ min: 2, max: 6 }).replace(/\.$/, '')],
  [/(content|description|body|text|bio|summary|comment|note|message)/, (f) => f.lorem.sentence()],
  [/(slug)/, (f) => f.lorem.slug()],
  [/(password|secret)/, (f) => f.internet.password()],
  [/(currency)/, (f) => f.finance.currencyCode()],
  [/(tag|label|category|kind)/, (f) => f.word.noun()],
];

const key = (name: string): string => name.toLowerCase().replace(/[_-]/g, '');

function fitLength(value: string, min: number | undefined, max: number | undefined): string {
  let out = value;
  while (min !== undefined && out.length < min) out += ` ${value}`;
  if (max !== undefined && out.length > max) out = out.slice(0, max).trimEnd() || out.slice(0, max);
  return out;
}

function stringPicker(name: string, field: FieldSchema, refDate: () => Date): ValuePicker {
  const { format, pattern, minLength, maxLength } = field.constraints;
  let pick: (f: Faker) => string;
  if (format === 'email') pick = (f) => f.internet.email().toLowerCase();
  else if (format === 'uri') pick = (f) => f.internet.url();
  else if (format === 'date-time')
    pick = (f) => f.date.recent({ days: 365, refDate: refDate() }).toISOString();
  else if (pattern !== undefined) {
    const re = new RegExp(pattern, 'u');
    // faker samples the body of a pattern: anchors are implied, and it does not take them.
    const body = pattern.replace(/^\^/, '').replace(/(?<!\\)\$$/, '');
    const fits = (text: string) =>
      re.test(text) &&
      (minLength === undefined || text.length >= minLength) &&
      (maxLength === undefined || text.length <= maxLength);
    pick = (f) => {
      // faker understands a subset of regular expressions; a sample that misses falls back.
      // A few tries: `[a-z-]+` may come out shorter than the field's minLength.
      try {
        for (let i = 0; i < 8; i++) {
          const sample = f.helpers.fromRegExp(body);
          if (fits(sample)) return sample;
        }
      } catch {
        // not a pattern faker can sample
      }
      return f.string.alphanumeric({ length: { min: minLength ?? 1, max: maxLength ?? 12 } });
    };
    return pick;
  } else {
    const named = BY_NAME.find(([re]) => re.test(key(name)))?.[1];
    pick = named ?? ((f) => f.lorem.words({ min: 1, max: 3 }));
  }
  if (minLength === undefined && maxLength === undefined) return pick;
  return (f) => fitLength(pick(f), minLength, maxLength);
}

/** Midnight UTC today: recent dates stay reproducible for a seed within a day. */
function today(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

function datePicker(name: string, refDate: () => Date): ValuePicker {
  const k = key(name);
  if (/(birth|dob)/.test(k))
    return (f) =>
      f.date.birthdate({ mode: 'age', min: 18, max: 80, refDate: refDate() }).toISOString();
  if (/(due|deadline|expires|until|end|scheduled|next)/.test(k))
    return (f) => f.date.soon({ days: 60, refDate: refDate() }).toISOString();
  return (f) => f.date.recent({ days: 365, refDate: refDate() }).toISOString();
}

function numberPicker(name: string, field: FieldSchema, integer: boolean): ValuePicker {
  const k = key(name);
  const guess: [number, number] = /age/.test(k)
    ? [18, 90]
    : /(price|amount|cost|total|salary)/.test(k)
      ? [1, 1000]
      : /(rating|stars|score)/.test(k)
        ? [1, 5]
        : /(year)/.test(k)
          ? [1990, 2030]
          : [0, 1000];
  const min = field.constraints.min ?? Math.min(guess[0], field.constraints.max ?? guess[0]);
  const max = field.constraints.max ?? Math.max(guess[1], min);
  // A plain `number` is whole unless its rules or its name say otherwise (an age is 34, not 34.27).
  const fractional =
    !integer &&
    (!Number.isInteger(min) ||
      !Number.isInteger(max) ||
      /(price|amount|cost|total|salary|ratio|rate|percent|weight|lat|lng|lon|score)/.test(k));
  if (!fractional && Math.ceil(min) <= Math.floor(max))
    return (f) => f.number.int({ min: Math.ceil(min), max: Math.floor(max) });
  return (f) => f.number.float({ min, max, fractionDigits: 2 });
}

function typePicker(
  name: string,
  type: FieldType,
  field: FieldSchema,
  options: PickOptions,
): ValuePicker {
  const given = options.refDate;
  const refDate = given === undefined ? today : () => given;
  switch (type.kind) {
    case 'string':
      return stringPicker(name, field, refDate);
    case 'number':
      return numberPicker(name, field, type.integer);
    case 'boolean':
      return (f) => f.datatype.boolean();
    case 'date':
      return datePicker(name, refDate);
    case 'enum': {
      const values = type.values;
      return (f) => f.helpers.arrayElement(values);
    }
    case 'array': {
      // Element rules (min/max of the array itself are not rules the schema has).
      const element = typePicker(
        name.replace(/s$/, ''),
        type.element,
        { ...field, constraints: type.element.kind === 'string' ? {} : field.constraints },
        options,
      );
      // A whole example shows at least one element of a list.
      const min = options.whole === true ? 1 : 0;
      return (f) => f.helpers.multiple(() => element(f), { count: { min, max: 3 } });
    }
    case 'object': {
      // Each member picked as a field of its name would be (a `category.name` reads as a name).
      const members = type.fields.map((m) => ({
        name: m.name,
        pick: fieldPicker({ ...field, ...m, constraints: {} }, options),
      }));
      return (f) => {
        const value: Record<string, unknown> = {};
        for (const m of members) {
          const v = m.pick(f);
          if (v !== undefined) value[m.name] = v;
        }
        return value;
      };
    }
  }
}

/**
 * The picker of one field, optional and nullable fields left out or null now and then (unless
 * `options.whole`); `undefined` means "leave the field out".
 *
 * @example
 * ```ts
 * const faker = await loadFaker();
 * faker.seed(7);
 * fieldPicker(emailField)(faker); // 'kaylee.rau@hotmail.com', the same for seed 7 every time
 * ```
 */
export function fieldPicker(field: FieldSchema, options: PickOptions = {}): ValuePicker {
  const pick = typePicker(field.name, field.type, field, options);
  if ((!field.optional && !field.nullable) || options.whole === true) return pick;
  return (f) => {
    if (field.optional && f.number.int(9) === 0) return undefined;
    if (field.nullable && f.number.int(9) === 0) return null;
    return pick(f);
  };
}
