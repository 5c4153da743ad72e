// Command-line options of the PostgreSQL section (`node bench/postgres.mjs`); `npm run bench`
// reads them too, with `--quick`, `--no-write` and `--keep` passed on.
import { parseArgs } from 'node:util';

export const POSTGRES_USAGE = `Usage: node bench/postgres.mjs [options]

  --sizes <list>       PostgreSQL sizes (default 100000,1000000)
  --file-size <n>      the file-store baseline's size (default 100000)
  --duration <s>       measured seconds per cell and round (default 2)
  --warmup <s>         unmeasured seconds before each cell's first round (default 1)
  --rounds <r>         interleaved rounds; each cell shows its median round (default 5)
  --connections <c>    keep-alive connections per load generator (default 10)
  --spawns <k>         timed starts of decorest per size (default 5; the last one is loaded)
  --client <c>         auto (wrk when installed, else autocannon), wrk or autocannon
  --no-pin             do not pin the load generator to the first CPU
  --no-two             skip two servers on one database
  --query-size <n>     the list cells' size (issue 44; default 1000000, 0 skips them)
  --quick              N = 1000,10000, file store at 1000, list cells at 10000, 1 s cells,
                       1 round, 1 start
  --no-write           print only; leave bench/POSTGRES-RESULTS.md alone
  --keep               keep the temp folders
  -h, --help           this text`;

export function readPostgresOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      sizes: { type: 'string' },
      'file-size': { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      rounds: { type: 'string' },
      connections: { type: 'string' },
      spawns: { type: 'string' },
      client: { type: 'string', default: 'auto' },
      'no-pin': { type: 'boolean', default: false },
      'no-two': { type: 'boolean', default: false },
      'query-size': { type: 'string' },
      quick: { type: 'boolean', default: false },
      'no-write': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const q = values.quick;
  const num = (name, text) => {
    const v = Number(text);
    if (!Number.isFinite(v) || v < 0) throw new Error(`--${name} wants a number, got "${text}"`);
    return v;
  };
  const sizes = (values.sizes ?? (q ? '1000,10000' : '100000,1000000'))
    .split(',')
    .map((s) => num('sizes', s))
    .sort((a, b) => a - b);
  return {
    help: values.help,
    quick: q,
    sizes,
    fileSize: num('file-size', values['file-size'] ?? (q ? '1000' : '100000')),
    duration: num('duration', values.duration ?? (q ? '1' : '2')),
    warmup: num('warmup', values.warmup ?? (q ? '0' : '1')),
    rounds: num('rounds', values.rounds ?? (q ? '1' : '5')),
    connections: num('connections', values.connections ?? '10'),
    spawns: Math.max(1, num('spawns', values.spawns ?? (q ? '1' : '5'))),
    client: values.client,
    pin: !values['no-pin'],
    two: !values['no-two'],
    querySize: num('query-size', values['query-size'] ?? (q ? '10000' : '1000000')),
    write: !values['no-write'],
    keep: values.keep,
  };
}
