import { render, screen, waitFor } from '@testing-library/react';
import { mallEndpoints } from '@portal/contracts/endpoints';
import type { PublicArticle } from '@portal/contracts/public';
import { FULL_SITE } from '../testing';
import type { SiteState } from '../types';
import { articleDetailPage, READING_TASK_URL } from './ContentPages';

const ARTICLE: PublicArticle = {
  id: 3,
  title: '2025年餐饮加盟市场趋势解读',
  category: 'news',
  summary: '加盟商更看重单店模型。',
  publishTime: '2026-11-20 10:00:00',
  body: '第一段。\n\n第二段。',
};
const stateOf = (loggedIn: boolean): SiteState<PublicArticle> => ({
  path: '/article-details',
  query: { id: '3' },
  site: FULL_SITE,
  loggedIn,
  data: ARTICLE,
});

/** The page's calls (the site calls fetch), answered as the server does. */
function fakeFetch() {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const original = global.fetch;
  global.fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return { ok: true, status: 200, json: async () => ({ key: 'reading', points: 5, status: 1 }) } as Response;
  }) as typeof fetch;
  return { calls, restore: () => (global.fetch = original) };
}

const { Component } = articleDetailPage;

test('a logged-in reader of an article completes the reading task for it', async () => {
  const server = fakeFetch();
  try {
    render(<Component state={stateOf(true)} />);
    expect(screen.getByRole('heading', { name: ARTICLE.title })).toBeInTheDocument();
    await waitFor(() => expect(server.calls).toHaveLength(1));
    const [{ url, init }] = server.calls;
    expect(url).toBe(`/rest${mallEndpoints.readingTask.path}`);
    expect(url).toBe(READING_TASK_URL);
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toMatchObject({ 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' });
    expect(JSON.parse(String(init.body))).toEqual({ articleId: 3 });
  } finally {
    server.restore();
  }
});

test('a visitor who is not logged in reads without any call', async () => {
  const server = fakeFetch();
  try {
    render(<Component state={stateOf(false)} />);
    expect(screen.getByRole('heading', { name: ARTICLE.title })).toBeInTheDocument();
    expect(screen.getByText('第二段。')).toBeInTheDocument();
    expect(server.calls).toEqual([]);
  } finally {
    server.restore();
  }
});

test('a refused call leaves the page as it is', async () => {
  const original = global.fetch;
  const refused = jest.fn(async () => Promise.reject(new Error('offline')));
  global.fetch = refused as unknown as typeof fetch;
  try {
    render(<Component state={stateOf(true)} />);
    await waitFor(() => expect(refused).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('heading', { name: ARTICLE.title })).toBeInTheDocument();
  } finally {
    global.fetch = original;
  }
});
