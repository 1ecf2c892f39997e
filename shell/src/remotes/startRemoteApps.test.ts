import { SUITE_CATALOG } from '../testing/catalog';
import type { startRemoteApps as StartRemoteApps } from './startRemoteApps';

/** A fresh copy of the module (it starts once per page), with a fake registration. */
function setup() {
  let start!: typeof StartRemoteApps;
  jest.isolateModules(() => {
    ({ startRemoteApps: start } = jest.requireActual<typeof import('./startRemoteApps')>('./startRemoteApps'));
  });
  const reports = { preload: jest.fn() };
  const leads = { preload: jest.fn() };
  const register = jest.fn(
    () =>
      new Map([
        ['reports', reports],
        ['leads', leads],
      ]),
  );
  return { start: (path: string) => start(path, Promise.resolve(SUITE_CATALOG), register), register, reports, leads };
}

describe('starting the remotes on a page opened logged in', () => {
  it("registers the catalog's remotes and fetches the remote that owns the path at once, and no other", async () => {
    const { start, register, reports, leads } = setup();
    await start('/work-bench');
    expect(register).toHaveBeenCalledWith(SUITE_CATALOG);
    expect(reports.preload).toHaveBeenCalledTimes(1);
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
