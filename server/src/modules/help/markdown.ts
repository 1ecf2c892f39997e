import MarkdownIt from 'markdown-it';

/**
 * The help articles' Markdown as the portal shows it. markdown-it with `html: false` writes raw
 * HTML of the source (`<script>`, `<img onerror=...>`) as escaped text, never as markup, and its
 * link check (validateLink) leaves a link or picture to javascript:, vbscript:, file: or a data:
 * other than a picture unrendered; every attribute it writes is escaped. So the HTML holds only
 * the elements and attributes Markdown itself makes: no script, no event attribute.
 */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });
type Token = ReturnType<MarkdownIt['parse']>[number];

/**
 * An article's headings sit under the page's one h1 (帮助中心): a `#` of the source renders h2 (the
 * article's title's level), `##`, the articles' usual section heading, h3, down to h6.
 */
const HEADING_SHIFT = 1;
for (const rule of ['heading_open', 'heading_close'] as const) {
  markdown.renderer.rules[rule] = (tokens, index, options, _env, self) => {
    const token = tokens[index];
    token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + HEADING_SHIFT)}`;
    return self.renderToken(tokens, index, options);
  };
}

/** The sanitised HTML of an article's Markdown. */
export const renderHtml = (source: string): string => markdown.render(source);

/** Closing tokens after which the plain text breaks the line (blocks) or puts a space (table cells). */
const BLOCK_ENDS = new Set(['paragraph_close', 'heading_close', 'list_item_close', 'blockquote_close', 'tr_close']);
const CELL_ENDS = new Set(['th_close', 'td_close']);

function inlineText(tokens: Token[] | null): string {
  let text = '';
  for (const token of tokens ?? []) {
    if (token.type === 'text' || token.type === 'code_inline') text += token.content;
    else if (token.type === 'softbreak') text += ' ';
    else if (token.type === 'hardbreak') text += '\n';
    else if (token.type === 'image') text += inlineText(token.children);
  }
  return text;
}

/**
 * The plain text of an article's Markdown, what a reader sees without the markup: one line per
 * block (paragraph, heading, list item, table row), spaces collapsed. The search reads it, and the
 * summary and the search's snippets are cut from it.
 */
export function plainText(source: string): string {
  let text = '';
  for (const token of markdown.parse(source, {})) {
    if (token.type === 'inline') text += inlineText(token.children);
    else if (token.type === 'fence' || token.type === 'code_block') text += `${token.content}\n`;
    else if (BLOCK_ENDS.has(token.type)) text += '\n';
    else if (CELL_ENDS.has(token.type)) text += ' ';
  }
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** How many characters of the plain text a summary holds. */
export const SUMMARY_LENGTH = 120;

/** The first SUMMARY_LENGTH characters of the plain text on one line, '…' when cut. */
export function summaryOf(text: string): string {
  const characters = [...text.replace(/\s+/g, ' ').trim()];
  return characters.length > SUMMARY_LENGTH ? `${characters.slice(0, SUMMARY_LENGTH).join('')}…` : characters.join('');
}
