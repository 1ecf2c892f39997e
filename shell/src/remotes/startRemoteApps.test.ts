import { SITE, SUITE_CATALOG } from '../testing/catalog';
import type { startRemoteApps as StartRemoteApps } from './startRemoteApps';

/** A fresh copy of the module (it starts once per page), with a fake registration. */
function setup() {
  let start!: typeof StartRemoteApps;
  jest.isolateModules(() => {
    ({ startRemoteApps: start } = jest.requireActual<typeof import('./startRemoteApps')>('./startRemoteApps'));
  });
  const reports = { preload: jest.fn() };
  const leads = { preload: jest.fn() };
  const site = { preload: jest.fn() };
  const register = jest.fn(
    () =>
      new Map([
        ['reports', reports],
        ['leads', leads],
        ['site', site],
      ]),
  );
  const catalog = { remotes: [...SUITE_CATALOG.remotes, SITE] };
  return { start: (path: string, search = '') => start(path, search, Promise.resolve(catalog), register), register, reports, leads, site };
}

describe('starting the remotes on a page opened logged in', () => {
  it("registers the catalog's remotes and fetches the remote that owns the path at once, and no other", async () => {
    const { start, register, reports, leads, site } = setup();
    await start('/work-bench');
    expect(register).toHaveBeenCalledWith({ remotes: [...SUITE_CATALOG.remotes, SITE] });
    expect(reports.preload).toHaveBeenCalledTimes(1);
    expect(leads.preload).not.toHaveBeenCalled();
    expect(site.preload).not.toHaveBeenCalled();
  });

  it("also fetches the remote of the dialog the address names, over another remote's page", async () => {
    const { start, reports, leads, site } = setup();
    await start('/work-bench', '?dialog=free-plan');
    expect(reports.preload).toHaveBeenCalledTimes(1);
    expect(site.preload).toHaveBeenCalledTimes(1);
    expect(leads.preload).not.toHaveBeenCalled();
  });

  it.each(['/', '/login', '/account-info'])('fetches no remote at %s', async (path) => {
    const { start, register, reports, leads } = setup();
    await start(path);
    expect(register).toHaveBeenCalledTimes(1);
    expect(reports.preload).not.toHaveBeenCalled();
    expect(leads.preload).not.toHaveBeenCalled();
  });

  it('registers once per page', async () => {
    const { start, register, leads } = setup();
    await Promise.all([start('/feedback'), start('/feedback')]);
    expect(register).toHaveBeenCalledTimes(1);
    expect(leads.preload).toHaveBeenCalledTimes(1);
  });
});
