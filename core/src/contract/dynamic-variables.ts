/**
 * Issue 41: Postman's dynamic variables (`{{$guid}}`, `{{$timestamp}}`, `{{$randomEmail}}`, …),
 * each drawn from the fake generator (@faker-js/faker) on every send, as Postman does. The common
 * ones are here; one not listed stays an unknown variable (the import lists it). Pure: the faker
 * instance is the caller's (the renderer loads it only when a request uses one of these).
 */
import type { Faker } from '@faker-js/faker';

type Draw = (f: Faker) => string;

const iso = (d: Date) => d.toISOString();

/** Postman's name → a fresh value. */
export const DYNAMIC_VARIABLES: Readonly<Record<string, Draw>> = {
  $guid: (f) => f.string.uuid(),
  $randomUUID: (f) => f.string.uuid(),
  $timestamp: () => String(Math.floor(Date.now() / 1000)),
  $isoTimestamp: () => iso(new Date()),
  $randomInt: (f) => String(f.number.int({ min: 0, max: 1000 })),
  $randomAlphaNumeric: (f) => f.string.alphanumeric(1),
  $randomBoolean: (f) => String(f.datatype.boolean()),
  $randomFirstName: (f) => f.person.firstName(),
  $randomLastName: (f) => f.person.lastName(),
  $randomFullName: (f) => f.person.fullName(),
  $randomNamePrefix: (f) => f.person.prefix(),
  $randomNameSuffix: (f) => f.person.suffix(),
  $randomJobTitle: (f) => f.person.jobTitle(),
  $randomUserName: (f) => f.internet.username(),
  $randomEmail: (f) => f.internet.email(),
  $randomExampleEmail: (f) => f.internet.exampleEmail(),
  $randomPassword: (f) => f.internet.password(),
  $randomUrl: (f) => f.internet.url(),
  $randomDomainName: (f) => f.internet.domainName(),
  $randomIP: (f) => f.internet.ipv4(),
  $randomIPV6: (f) => f.internet.ipv6(),
  $randomUserAgent: (f) => f.internet.userAgent(),
  $randomPhoneNumber: (f) => f.phone.number(),
  $randomCity: (f) => f.location.city(),
  $randomCountry: (f) => f.location.country(),
  $randomCountryCode: (f) => f.location.countryCode(),
  $randomStreetName: (f) => f.location.street(),
  $randomStreetAddress: (f) => f.location.streetAddress(),
  $randomLatitude: (f) => String(f.location.latitude()),
  $randomLongitude: (f) => String(f.location.longitude()),
  $randomCompanyName: (f) => f.company.name(),
  $randomCatchPhrase: (f) => f.company.catchPhrase(),
  $randomBs: (f) => f.company.buzzPhrase(),
  $randomColor: (f) => f.color.human(),
  $randomHexColor: (f) => f.color.rgb(),
  $randomPrice: (f) => f.commerce.price(),
  $randomProduct: (f) => f.commerce.product(),
  $randomProductName: (f) => f.commerce.productName(),
  $randomDepartment: (f) => f.commerce.department(),
  $randomCurrencyCode: (f) => f.finance.currencyCode(),
  $randomBankAccount: (f) => f.finance.accountNumber(),
  $randomWord: (f) => f.lorem.word(),
  $randomWords: (f) => f.lorem.words(),
  $randomLoremWord: (f) => f.lorem.word(),
  $randomLoremWords: (f) => f.lorem.words(),
  $randomLoremSentence: (f) => f.lorem.sentence(),
  $randomLoremParagraph: (f) => f.lorem.paragraph(),
  $randomLoremSlug: (f) => f.lorem.slug(),
  $randomDateFuture: (f) => iso(f.date.future()),
  $randomDatePast: (f) => iso(f.date.past()),
  $randomDateRecent: (f) => iso(f.date.recent()),
  $randomMonth: (f) => f.date.month(),
  $randomWeekday: (f) => f.date.weekday(),
  $randomImageUrl: (f) => f.image.url(),
  $randomAvatarImage: (f) => f.image.avatar(),
  $randomFileName: (f) => f.system.fileName(),
  $randomMimeType: (f) => f.system.mimeType(),
  $randomSemver: (f) => f.system.semver(),
};

/** Whether `name` is a dynamic variable this side can draw (own keys only: no `__proto__`). */
export function isDynamicVariable(name: string): boolean {
  return name.startsWith('$') && Object.hasOwn(DYNAMIC_VARIABLES, name);
}

/** Looks like one (`$` first) whether or not it is supported: for the import's report. */
export const looksDynamic = (name: string): boolean => /^\$[A-Za-z]/.test(name);

/** A fresh value for each of `names` that is a dynamic variable (one per name per send). */
export function drawDynamicValues(names: Iterable<string>, faker: Faker): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names)
    if (isDynamicVariable(name)) out[name] = DYNAMIC_VARIABLES[name]!(faker);
  return out;
}
