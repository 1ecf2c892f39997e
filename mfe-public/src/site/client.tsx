import { makeZodJitless } from '@portal/contracts/zod-config';
import { hydrateRoot } from 'react-dom/client';
import { NOT_FOUND_PAGE, pageFor } from './pages';
import type { SiteState } from './types';

// The browser's part of the visitor site: the page the server rendered, hydrated with the data the
// server used (the JSON block), so that its carousel, tabs, dialogs and forms come alive. Every
// link is a plain link: the next page comes rendered from the server.
// The forms load zod with their check: no eval probe for the content security policy to report.
makeZodJitless();
const root = document.getElementById('site');
const dataBlock = document.getElementById('site-data');
if (root && dataBlock?.textContent) {
  const state = JSON.parse(dataBlock.textContent) as SiteState<never>;
  const page = pageFor(state.path) ?? NOT_FOUND_PAGE;
  const { Component } = page;
  hydrateRoot(root, <Component state={state} />);
}
