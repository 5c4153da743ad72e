/** Fixture projects of the core's own tests (not the examples users see). */
export const FIXTURES = {
  library: new URL('../project/fixtures/library', import.meta.url).pathname,
  team: new URL('../app/fixtures/team', import.meta.url).pathname,
};
