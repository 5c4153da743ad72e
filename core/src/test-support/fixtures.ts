/** Fixture projects of the core's own tests (not the examples users see). */
export const FIXTURES = {
  library: new URL('../project/fixtures/library', import.meta.url).pathname,
  team: new URL('../app/fixtures/team', import.meta.url).pathname,
};

/** A valid `Person` body of the library fixture, with `over` changed. */
export const person = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'Ann',
  email: 'ann@example.com',
  ...over,
});

/** A valid `Magazine` body of the library fixture, with `over` changed. */
export const magazine = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  title: 'Wired',
  tags: ['tech'],
  priority: 'high',
  published: true,
  issue: 1,
  ...over,
});
