/**
 * A size as a person reads it (`52428800` → `50 MiB`, `1536` → `1.5 KiB`), for the limits the
 * mock API, the studio and the Console name in their messages. Pure: the renderer bundles it.
 */
const UNITS: readonly [number, string][] = [
  [1024 * 1024 * 1024, 'GiB'],
  [1024 * 1024, 'MiB'],
  [1024, 'KiB'],
];

export function sizeInWords(bytes: number): string {
  for (const [size, unit] of UNITS)
    if (bytes >= size) return `${Math.round((bytes / size) * 10) / 10} ${unit}`;
  return `${bytes} bytes`;
}
