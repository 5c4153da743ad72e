// The studio as the bench runs it (bench/studio.mjs): startStudio from the built core in its own
// process, traffic capture stopping the moment the last event client leaves (no grace), so
// "listening" and "not listening" cells can alternate. Prints one JSON line with the URLs.
import { startStudio } from '../core/dist/studio.js';

const studio = await startStudio({
  dir: process.argv[2],
  apiPort: 0,
  controlPort: 0,
  captureGraceMs: 0,
  configDir: process.argv[3],
  logger: { error: (message, error) => console.error(message, error) },
});
console.log(
  JSON.stringify({ apiUrl: studio.apiUrl, controlUrl: studio.controlUrl, token: studio.token }),
);
// The bench asks for this process's CPU time around each cell: CPU per request is a cost figure
// that other load on the machine does not distort the way req/s is distorted.
process.stdin.setEncoding('utf8');
process.stdin.on('data', (line) => {
  if (line.trim() === 'cpu') {
    const { user, system } = process.cpuUsage();
    console.log(JSON.stringify({ cpuMicros: user + system }));
  }
});
const stop = async () => {
  await studio.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
