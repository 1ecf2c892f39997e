import { HELP_SECTIONS, type HelpSection } from '@portal/contracts/help';
import { helpEndpoints } from '@portal/contracts/endpoints';
import type { ListQuery } from '@portal/design-system';
import { PublicPath } from '../../routes';

/**
 * The help centre's addresses (each state is an address, so deep links, back and forward work):
 * `/common-problem` (the first section's list), `?section=<key>` (a section's list, `page` and
 * `pageSize` its paging), `?q=<words>` (search results, paged the same way), `/<id>` (an article).
 */
export const FIRST_SECTION: HelpSection = HELP_SECTIONS[0].key;

/** The list of a section (the first one's at the bare path). */
export const sectionHref = (section: HelpSection): string => (section === FIRST_SECTION ? PublicPath.Help : `${PublicPath.Help}?section=${section}`);

export const articleHref = (id: number): string => `${PublicPath.Help}/${id}`;

export const searchHref = (q: string): string => `${PublicPath.Help}?${new URLSearchParams({ q }).toString()}`;

export const sectionLabel = (section: HelpSection): string => HELP_SECTIONS.find((entry) => entry.key === section)?.label ?? section;

/** What the list addresses name: a section, or search words ('' for none). */
export interface HelpFilters {
  section: HelpSection;
  q: string;
}

export const defaultHelpFilters = (): HelpFilters => ({ section: FIRST_SECTION, q: '' });

/** A known section of the address, else the first; the search words as written (checked where they are used). */
export function helpFiltersFromQuery(query: ListQuery, defaults: HelpFilters): HelpFilters {
  const section = HELP_SECTIONS.find((entry) => entry.key === query.section)?.key ?? defaults.section;
  return { section, q: query.q ?? defaults.q };
}

export const helpFiltersToQuery = (filters: HelpFilters): ListQuery => ({ section: filters.section, q: filters.q });

/** The article id of the address (`/common-problem/<id>`) as the contract reads it, or null when it is none. */
export function articleIdOf(value: string | undefined): number | null {
  const parsed = helpEndpoints.article.params.shape.id.safeParse(value);
  return parsed.success ? parsed.data : null;
}
