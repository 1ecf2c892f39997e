import type { Highlight } from '@portal/contracts/help';

/** How many characters of the body a search hit's snippet shows. */
export const SNIPPET_LENGTH = 80;
/** How many of them come before the first match, when the body has that many. */
const SNIPPET_LEAD = 20;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every match of `query` in `text`, case-insensitive, as [start, end) offsets. */
function matches(text: string, query: string): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  if (!query) return found;
  const pattern = new RegExp(escapeRegExp(query), 'giu');
  for (const match of text.matchAll(pattern)) found.push([match.index, match.index + match[0].length]);
  return found;
}

/** `text` cut into stretches, `hit` where it matches `query` (case-insensitive): text only, never HTML. */
export function highlight(text: string, query: string): Highlight {
  const segments: Highlight = [];
  let at = 0;
  for (const [start, end] of matches(text, query)) {
    if (start > at) segments.push({ text: text.slice(at, start), hit: false });
    segments.push({ text: text.slice(start, end), hit: true });
    at = end;
  }
  if (at < text.length || segments.length === 0) segments.push({ text: text.slice(at), hit: false });
  return segments;
}

/**
 * About SNIPPET_LENGTH characters of the plain text around the first match of `query` (from the
 * start when the body has none: the title matched), on one line, '…' where cut, the matches marked.
 */
export function snippet(bodyText: string, query: string): Highlight {
  const text = bodyText.replace(/\s+/g, ' ').trim();
  const first = matches(text, query)[0];
  let start = 0;
  if (first) {
    start = Math.max(0, first[0] - SNIPPET_LEAD);
    // A match near the end shows the characters before it rather than a short stretch.
    start = Math.max(0, Math.min(start, text.length - SNIPPET_LENGTH));
  }
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (first && first[1] > end) end = first[1];
  // Never cut a surrogate pair (an emoji) in half.
  if (start > 0 && /[\uDC00-\uDFFF]/.test(text[start])) start -= 1;
  if (end < text.length && /[\uDC00-\uDFFF]/.test(text[end])) end += 1;
  const segments = highlight(text.slice(start, end), query);
  if (start > 0) segments.unshift({ text: '…', hit: false });
  if (end < text.length) segments.push({ text: '…', hit: false });
  return segments;
}
