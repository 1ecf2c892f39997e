import { pathToActiveWhen } from 'single-spa';
import { findRemoteForPath, REMOTES, remoteOwnsPath, routePattern, type RemoteDefinition } from './registry';

const location = (path: string): Location => new URL(path, 'http://shell.invalid') as unknown as Location;

const ROUTES = [...REMOTES.flatMap((remote) => remote.routes), '/orders/:id', '/orders/:id/items', 'reports', '/a.b/', '/x(1)'];
const PATHS = [
  '/',
  '/work-bench',
  '/work-bench/',
  '/work-bench/day/3',
  '/Work-Bench',
  '/work-benchx',
  '/work-bench?tab=1',
  '/work-bench#top',
  '/feedback',
  '/feedback-detail',
  '/feedback-detail/12',
  '/feedbackdetail',
  '/orders/7',
  '/orders/7/',
  '/orders/7/items',
  '/orders/7/items/2',
  '/orders',
  '/reports',
  '/a.b/c',
  '/axb/c',
  '/x(1)',
  '/x1',
  '/not-found',
];

describe('which remote owns a path', () => {
  it.each(ROUTES)("matches %s as single-spa's pathToActiveWhen does", (route) => {
    const remote: RemoteDefinition = { name: 'r', label: 'R', routes: [route] };
    for (const path of PATHS) {
      expect([path, remoteOwnsPath(remote, path)]).toEqual([path, pathToActiveWhen(route)(location(path))]);
    }
  });

  it('is case-insensitive and stops at a segment boundary', () => {
    expect(routePattern('/feedback').test('/Feedback/1')).toBe(true);
    expect(routePattern('/feedback').test('/feedback-detail')).toBe(false);
  });

  it('finds the remote of the registry', () => {
    expect(findRemoteForPath('/work-bench')?.name).toBe('reports');
    expect(findRemoteForPath('/feedback-detail/3')?.name).toBe('leads');
    expect(findRemoteForPath('/account-info')).toBeUndefined();
  });
});
