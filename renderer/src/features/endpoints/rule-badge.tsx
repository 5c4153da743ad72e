/** A route's response rules in the Endpoints list: "2 rules", "1 rule · 1 off", "1 off". */
import type { ResponseRule } from '../../api';

export interface RuleCount {
  on: number;
  off: number;
}

/** The rules of each `METHOD /path`, switched on and off. */
export function ruleCounts(rules: readonly ResponseRule[]): Map<string, RuleCount> {
  const counts = new Map<string, RuleCount>();
  for (const rule of rules) {
    const key = `${rule.method} ${rule.path}`;
    const count = counts.get(key) ?? { on: 0, off: 0 };
    if (rule.enabled) count.on++;
    else count.off++;
    counts.set(key, count);
  }
  return counts;
}

/** The badge's text; empty when the route has no rule. */
export function ruleBadgeText({ on, off }: RuleCount): string {
  const parts: string[] = [];
  if (on > 0) parts.push(`${on} rule${on === 1 ? '' : 's'}`);
  if (off > 0) parts.push(`${off} off`);
  return parts.join(' · ');
}

export function RuleBadge({ count }: { count: RuleCount | undefined }) {
  if (count === undefined) return null;
  const text = ruleBadgeText(count);
  // Only switched-off rules: the route answers as generated, so the badge is muted (a dashed
  // outline, which reads as "off" in both themes where a sunk fill vanished in dark).
  const tone = count.on > 0 ? 'accent' : 'off';
  const title =
    count.off > 0
      ? `Response rules on this route; ${count.off} switched off (Inspect)`
      : 'Response rules on this route (Inspect)';
  return (
    <span className={`badge ${tone}`.trim()} title={title}>
      {text}
    </span>
  );
}
