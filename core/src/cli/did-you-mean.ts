import leven from 'leven';

/**
 * The known name a mistyped one most likely meant (`serv` → `serve`), or undefined when none is
 * close: within two edits, or a prefix of at least three letters, so a wild guess is not offered.
 */
export function closestName(typed: string, known: Iterable<string>): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = name.startsWith(typed) && typed.length >= 3 ? 0.5 : leven(typed, name);
    if (distance <= 2 && (best === undefined || distance < best.distance))
      best = { name, distance };
  }
  return best?.name;
}

/** `; did you mean "serve"?` or nothing. */
export function didYouMean(typed: string, known: Iterable<string>): string {
  const meant = closestName(typed, known);
  return meant === undefined ? '' : `; did you mean "${meant}"?`;
}
