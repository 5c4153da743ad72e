/**
 * Issue 47: `decorest run --reporter json`: the report as data (run-report.ts's `RunReport`,
 * its summary added), for a script or a dashboard. `version` changes when the shape does.
 */
import { type RunReport, summaryOf } from '../run-report.js';

export const JSON_REPORT_VERSION = 1;

export function jsonReport(report: RunReport): string {
  const { cases, ...run } = report;
  return `${JSON.stringify({ version: JSON_REPORT_VERSION, ...run, summary: summaryOf(report), requests: cases }, null, 2)}\n`;
}
