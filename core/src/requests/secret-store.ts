/**
 * Issue 30: the values of secret environment variables, kept out of the project folder (a team
 * commits that) in the user's config folder: `<config>/secrets/<sha256 of the project folder,
 * 16 hex>.json`, `{ root, environments: { <environment>: { <variable>: <value> } } }`, readable
 * by the user only (mode 0600). A missing or unreadable file holds no secrets.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

type Secrets = Record<string, Record<string, string>>;

/**
 * Environments and variables are named by the user, so `__proto__` or `constructor` is a name
 * like any other: every map here has no prototype, and membership is own keys only (a plain
 * object's `all['__proto__'] = …` would set its prototype and lose the secret).
 */
const nameMap = <T>(entries: Iterable<readonly [string, T]> = []): Record<string, T> =>
  Object.assign(Object.create(null) as Record<string, T>, Object.fromEntries(entries));

export class SecretStore {
  readonly #file: string;
  readonly #root: string;
  // Writes queue, so two saves in flight never interleave their read-modify-write.
  #writing: Promise<unknown> = Promise.resolve();

  constructor(configDir: string, projectRoot: string) {
    const key = createHash('sha256').update(projectRoot).digest('hex').slice(0, 16);
    this.#file = join(configDir, 'secrets', `${key}.json`);
    this.#root = projectRoot;
  }

  /** The secret values of one environment (empty when none are stored). */
  async read(environment: string): Promise<Record<string, string>> {
    await this.#writing.catch(() => {});
    const all = await this.#all();
    return nameMap(Object.hasOwn(all, environment) ? Object.entries(all[environment]!) : []);
  }

  /**
   * Sets the values given, keeps the other stored ones of `keep`, drops the rest; moves them
   * from `from` when the environment was renamed. `values` `undefined`: delete the environment.
   */
  update(
    environment: string,
    values: Record<string, string> | undefined,
    keep: readonly string[] = [],
    from?: string,
  ): Promise<void> {
    const next = this.#writing
      .catch(() => {})
      .then(async () => {
        const all = await this.#all();
        const source = from ?? environment;
        const before = Object.hasOwn(all, source) ? all[source]! : nameMap<string>();
        if (from !== undefined) delete all[from];
        if (values === undefined) delete all[environment];
        else {
          const kept = keep.filter((k) => Object.hasOwn(before, k)).map((k) => [k, before[k]!]);
          all[environment] = nameMap([...kept, ...Object.entries(values)] as [string, string][]);
          if (Object.keys(all[environment]).length === 0) delete all[environment];
        }
        await this.#write(all);
      });
    this.#writing = next;
    return next;
  }

  async #all(): Promise<Secrets> {
    try {
      const parsed: unknown = JSON.parse(await readFile(this.#file, 'utf8'));
      const envs = (parsed as { environments?: unknown }).environments;
      const out: Secrets = nameMap();
      if (envs === null || typeof envs !== 'object') return out;
      for (const [env, vars] of Object.entries(envs as Record<string, unknown>)) {
        if (vars === null || typeof vars !== 'object') continue;
        out[env] = nameMap(
          Object.entries(vars).filter((e): e is [string, string] => typeof e[1] === 'string'),
        );
      }
      return out;
    } catch {
      return nameMap();
    }
  }

  async #write(all: Secrets): Promise<void> {
    if (Object.keys(all).length === 0) {
      await rm(this.#file, { force: true });
      return;
    }
    await mkdir(join(this.#file, '..'), { recursive: true, mode: 0o700 });
    const temp = `${this.#file}.${process.pid}.tmp`;
    const text = `${JSON.stringify({ root: this.#root, environments: all }, null, 2)}\n`;
    await writeFile(temp, text, { mode: 0o600 });
    await rename(temp, this.#file);
  }
}
