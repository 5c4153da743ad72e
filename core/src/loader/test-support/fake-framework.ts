/**
 * A stand-in for the `decorest` module in loader tests: the loader only needs something to
 * bind `import … from 'decorest'` to, and an `Application` to recognise the app by. Each call
 * returns fresh objects so tests stay independent.
 */

type Target = object;

export interface DecoratorCall {
  readonly decorator: string;
  readonly target: Target;
  readonly key?: string;
  readonly args: readonly unknown[];
}

export interface FakeFramework {
  readonly Application: abstract new () => { execute(): void };
  readonly calls: DecoratorCall[];
  readonly [decorator: string]: unknown;
}

/** True when a decorator was applied bare: `@Rest` (class) or `@BelongTo` (property). */
function isBare(args: readonly unknown[]): boolean {
  if (args.length >= 2 && typeof args[1] === 'string') return true; // (prototype, key)
  return (
    args.length === 1 &&
    typeof args[0] === 'function' &&
    'prototype' in (args[0] as object) &&
    /^class[\s{]/.test(Function.prototype.toString.call(args[0]))
  );
}

export function createFakeFramework(): FakeFramework {
  const calls: DecoratorCall[] = [];

  // Bare or called, like CONTRACT §1 asks of every decorator.
  const decorator = (name: string) =>
    function (...args: unknown[]): unknown {
      const apply = (options: readonly unknown[]) => (target: Target, key?: string) => {
        calls.push({
          decorator: name,
          target,
          ...(key === undefined ? {} : { key }),
          args: options,
        });
      };
      if (isBare(args)) return apply([])(args[0] as Target, args[1] as string | undefined);
      return apply(args);
    };

  abstract class Application {
    abstract execute(): void;
  }

  return {
    Application,
    calls,
    Rest: decorator('Rest'),
    FromDataSource: decorator('FromDataSource'),
    DataSource: decorator('DataSource'),
    BelongTo: decorator('BelongTo'),
    HasMany: decorator('HasMany'),
    Field: decorator('Field'),
    WebServlet: decorator('WebServlet'),
    // A class decorator that returns a replacement class, as some decorators legally do.
    Wrap: (target: new () => object) => {
      const Wrapped = class extends target {};
      Object.defineProperty(Wrapped, 'wraps', { value: target });
      return Wrapped;
    },
    // A decorator that rejects its target, to test that the error names the decorated class.
    Strict: () => {
      throw new Error('@Strict is not allowed on this class');
    },
  };
}
