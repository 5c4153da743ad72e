/**
 * The delay and failure fields of the behaviour dialogs as text (what the inputs hold), to and
 * from the control API's rules; and the API's field errors (`routes[2].fail.status`) put back
 * on the input they are about. Pure: the dialogs and their tests share it.
 */
import type { DelayRule, FailRule, Problem } from '../../api';

export type DelayMode = 'none' | 'fixed' | 'range';

export interface RuleForm {
  delayMode: DelayMode;
  /** Fixed delay, ms. */
  delayMs: string;
  delayMinMs: string;
  delayMaxMs: string;
  failOn: boolean;
  /** Share of requests, as a percentage (the API takes 0 to 1). */
  failPercent: string;
  failStatus: string;
}

/** The inputs an error can point at. */
export type FormField =
  'delayMs' | 'delayMinMs' | 'delayMaxMs' | 'failPercent' | 'failStatus' | 'proxy' | 'proxyTimeout';

export type FieldErrors = Partial<Record<FormField, string>>;

export interface Rules {
  delay?: DelayRule;
  fail?: FailRule;
}

export const EMPTY_FORM: RuleForm = {
  delayMode: 'none',
  delayMs: '500',
  delayMinMs: '100',
  delayMaxMs: '800',
  failOn: false,
  failPercent: '50',
  failStatus: '503',
};

export function formOf(rules: Rules): RuleForm {
  const form = { ...EMPTY_FORM };
  if (rules.delay) {
    const { minMs, maxMs } = rules.delay;
    if (minMs === maxMs) Object.assign(form, { delayMode: 'fixed', delayMs: String(minMs) });
    else
      Object.assign(form, {
        delayMode: 'range',
        delayMinMs: String(minMs),
        delayMaxMs: String(maxMs),
      });
  }
  if (rules.fail)
    Object.assign(form, {
      failOn: true,
      // 0.1 * 100 is 10.000000000000002: round to what a person typed.
      failPercent: String(Math.round(rules.fail.rate * 100 * 1000) / 1000),
      failStatus: String(rules.fail.status),
    });
  return form;
}

function number(text: string): number | null {
  const t = text.trim();
  if (t === '' || !/^-?\d+(\.\d+)?$/.test(t)) return null;
  return Number(t);
}

/**
 * The rules a form stands for, or what is wrong with it. Only what the inputs cannot say is
 * checked here (a number, a percentage); ranges the API owns come back as its field errors.
 */
export function rulesOf(form: RuleForm): { rules: Rules; errors: FieldErrors } {
  const rules: Rules = {};
  const errors: FieldErrors = {};
  const ms = (field: FormField, text: string): number => {
    const n = number(text);
    if (n === null || !Number.isInteger(n) || n < 0) errors[field] = 'Enter whole milliseconds';
    return n ?? 0;
  };
  if (form.delayMode === 'fixed') {
    const n = ms('delayMs', form.delayMs);
    rules.delay = { minMs: n, maxMs: n };
  } else if (form.delayMode === 'range') {
    const min = ms('delayMinMs', form.delayMinMs);
    const max = ms('delayMaxMs', form.delayMaxMs);
    if (!errors.delayMinMs && !errors.delayMaxMs && max < min)
      errors.delayMaxMs = 'The most must be at least the least';
    rules.delay = { minMs: min, maxMs: max };
  }
  if (form.failOn) {
    const percent = number(form.failPercent);
    if (percent === null || percent < 0 || percent > 100)
      errors.failPercent = 'Enter a percentage from 0 to 100';
    const status = number(form.failStatus);
    if (status === null || !Number.isInteger(status))
      errors.failStatus = 'Enter an HTTP status, 400 to 599';
    rules.fail = { rate: (percent ?? 0) / 100, status: status ?? 0 };
  }
  return { rules, errors };
}

/** Where an API field error belongs; `prefix` is `''` for the global rules, `routes[i].` else. */
export function fieldErrorsOf(problem: Problem, prefix: string, delayMode: DelayMode): FieldErrors {
  const out: FieldErrors = {};
  for (const { field, message } of problem.errors ?? []) {
    if (!field.startsWith(prefix)) continue;
    const rest = field.slice(prefix.length);
    const target: FormField | undefined =
      rest === 'delay'
        ? delayMode === 'range'
          ? 'delayMaxMs'
          : 'delayMs'
        : rest === 'fail.rate'
          ? 'failPercent'
          : rest === 'fail.status'
            ? 'failStatus'
            : rest === 'proxy'
              ? 'proxy'
              : rest === 'proxyTimeoutMs'
                ? 'proxyTimeout'
                : undefined;
    if (target) out[target] ??= message.replace(/\b0 to 1\b/, '0 to 100 %');
  }
  return out;
}

/** A rule in a few words, for badges: `100–800 ms · 10 % → 503`. */
export function describeRules(rules: Rules): string {
  const parts: string[] = [];
  if (rules.delay)
    parts.push(
      rules.delay.minMs === rules.delay.maxMs
        ? `${rules.delay.minMs} ms`
        : `${rules.delay.minMs}–${rules.delay.maxMs} ms`,
    );
  if (rules.fail)
    parts.push(`${Math.round(rules.fail.rate * 100 * 10) / 10} % → ${rules.fail.status}`);
  return parts.join(' · ');
}
