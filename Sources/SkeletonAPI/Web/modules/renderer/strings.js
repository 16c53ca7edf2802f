// Every text the renderer shows or announces, and how a page replaces them.

import { hasOwn, own, text } from './values.js';

/**
 * Every text the renderer shows or announces, replaced through the `strings` option or property:
 * `{label}` is the element's `accessibilityLabel` as a subject ("Loading accounts": "Accounts"),
 * `{ms}` a time, `{message}` the reason a layout could not be loaded.
 */
export const STRINGS = Object.freeze({
  loaded: '{label} loaded',
  failed: '{label} failed to load',
  errorTitle: '{label} could not be loaded',
  errorMessage: 'The load failed.',
  retry: 'Retry',
  timeout: 'Not loaded within {ms} ms.',
  unreachable: 'The loading service could not be reached.',
  problem: 'The skeleton could not be loaded: {message}',
  layoutTimeout: 'it did not arrive within {ms} ms',
});

/** `STRINGS` with the texts of `raw` that are strings instead of theirs. */
export function readStrings(raw) {
  const strings = { ...STRINGS };
  for (const key of Object.keys(STRINGS)) strings[key] = text(own(raw, key), 1000) ?? strings[key];
  return Object.freeze(strings);
}

/** `template` with each `{name}` of `values` replaced by its value (as text: never markup). */
export const format = (template, values) => template.replace(/\{(\w+)\}/g, (whole, name) => (hasOwn(values, name) ? String(values[name]) : whole));

export function subjectOf(label) {
  const subject = label.replace(/^loading\s+/i, '');
  return subject.charAt(0).toUpperCase() + subject.slice(1);
}
