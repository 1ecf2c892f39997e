import { endpointQuery } from '@portal/api-client';
import { helpEndpoints } from '@portal/contracts/endpoints';
import type { HelpSection } from '@portal/contracts/help';
import type { ListPaging } from '@portal/design-system';
import { publicApi } from '../../api/publicApi';

/** The help centre's calls (catalogue.help): a section's articles, one article, a search; all paged lists by the address's paging. */
export const helpApi = publicApi.injectEndpoints({
  endpoints: (build) => ({
    helpArticles: build.query({
      ...endpointQuery(helpEndpoints.articles, (query: ListPaging & { section: HelpSection }) => ({ query })),
    }),
    helpArticle: build.query({ ...endpointQuery(helpEndpoints.article, (id: number) => ({ params: { id } })) }),
    helpSearch: build.query({ ...endpointQuery(helpEndpoints.search, (query: ListPaging & { q: string }) => ({ query })) }),
  }),
});

export const { useHelpArticlesQuery, useHelpArticleQuery, useHelpSearchQuery } = helpApi;
