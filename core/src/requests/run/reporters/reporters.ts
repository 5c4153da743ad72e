/** Issue 47: the reporters of `decorest run --reporter <name>`, by name. */
import type { RunReport } from '../run-report.js';
import { jsonReport } from './json-report.js';
import { junitReport } from './junit-report.js';
import { tapReport } from './tap-report.js';
import { textReport } from './text-report.js';

export const REPORTERS = {
  text: textReport,
  junit: junitReport,
  tap: tapReport,
  json: jsonReport,
} as const satisfies Record<string, (report: RunReport) => string>;

export type ReporterName = keyof typeof REPORTERS;

export const isReporterName = (name: string): name is ReporterName =>
  Object.hasOwn(REPORTERS, name);
