/**
 * Child process for the "disk full" test (issue 7), started under `ulimit -f` so appends fail
 * with EFBIG once the datafile reaches the limit (this works as root, unlike a read-only
 * folder). It writes until writes fail, keeps going for a while (bursts of concurrent writes,
 * removes), checks that reads still work, and prints one JSON report on stdout.
 * Usage: node file-limit-writer.js <datafile>
 */
import { StorageWriteError } from '../../errors.js';
import { openFileCollection } from '../collections/file-collection.js';

const file = process.argv[2]!;

async function main(): Promise<void> {
  const store = await openFileCollection(file, {
    idKind: 'number',
    indexes: ['group'],
    autoCompact: false,
  });
  const osCodes = new Set<string>();
  let acked = 0;
  let rejected = 0;
  let readsOk = true;
  const attempt = async (write: () => Promise<unknown>): Promise<void> => {
    const before = JSON.stringify([...store.values()]);
    try {
      await write();
      acked++;
    } catch (error) {
      if (!(error instanceof StorageWriteError)) throw error;
      osCodes.add(error.osCode);
      rejected++;
      // Reads keep working and show no trace of a rejected single write.
      if (JSON.stringify([...store.values()]) !== before) readsOk = false;
    }
  };
  for (let round = 0; round < 200 && rejected < 30; round++) {
    await attempt(() => store.insert({ group: round % 3, text: `record ${round} `.repeat(3) }));
    // A burst: several writes share one append, and fail or succeed together.
    const burst = [0, 1, 2].map((i) =>
      store.insert({ group: i, burst: round }).then(
        () => acked++,
        () => rejected++,
      ),
    );
    await Promise.all(burst);
    if (round % 5 === 4 && store.count() > 0)
      await attempt(() => store.remove(store.page(0, 1)[0]!.id));
  }
  const countsAgree =
    [0, 1, 2].reduce((n, g) => n + store.countBy('group', g), 0) === store.count();
  const records = [...store.values()];
  await store.close();
  process.stdout.write(
    `${JSON.stringify({ acked, rejected, osCodes: [...osCodes], readsOk, countsAgree, records })}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${String((error as Error).stack ?? error)}\n`);
  process.exit(1);
});
