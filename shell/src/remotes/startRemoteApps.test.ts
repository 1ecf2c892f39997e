import type { startRemoteApps as StartRemoteApps } from './startRemoteApps';

/** A fresh copy of the module (it starts once per page), with a fake registration. */
function setup() {
  let start!: typeof StartRemoteApps;
  jest.isolateModules(() => {
    ({ startRemoteApps: start } = jest.requireActual<typeof import('./startRemoteApps')>('./startRemoteApps'));
  });
  const reports = { preload: jest.fn() };
  const leads = { preload: jest.fn() };
  const register = jest.fn(() => new Map([['reports', reports], ['leads', leads]]));
  return { start: (path: string) => start(path, register), register, reports, leads };
}

describe('starting the remotes on a page opened logged in', () => {
  it('fetches the remote that owns the path at once, and no other', () => {
    const { start, register, reports, leads } = setup();
    start('/work-bench');
    expect(register).toHaveBeenCalledTimes(1);
    expect(reports.preload).toHaveBeenCalledTimes(1);
    expect(leads.preload).not.toHaveBeenCalled();
  });

  it.each(['/', '/login', '/account-info'])('fetches no remote at %s', (path) => {
    const { start, register, reports, leads } = setup();
    start(path);
    expect(register).toHaveBeenCalledTimes(1);
    expect(reports.preload).not.toHaveBeenCalled();
    expect(leads.preload).not.toHaveBeenCalled();
  });

  it('registers once per page', () => {
    const { start, register, leads } = setup();
    start('/feedback');
    start('/feedback');
    expect(register).toHaveBeenCalledTimes(1);
    expect(leads.preload).toHaveBeenCalledTimes(1);
  });
});
