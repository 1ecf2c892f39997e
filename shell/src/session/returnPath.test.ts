import { loginUrlFor, RETURN_PATH_MAX, safeReturnPath } from './returnPath';

describe('safeReturnPath', () => {
  it.each([
    ['/promote-data', '/promote-data'],
    ['/promote-data?itemId=3&startTime=2026-11-01', '/promote-data?itemId=3&startTime=2026-11-01'],
    ['/feedback-detail?id=9#calls', '/feedback-detail?id=9#calls'],
    ['/ec/data-dispose?date=2026-11-27', '/ec/data-dispose?date=2026-11-27'],
    // Dot segments resolve inside the site.
    ['/a/../work-bench', '/work-bench'],
    ['/../../work-bench', '/work-bench'],
    // An encoded slash is part of a path of this site, never a host.
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ])('keeps the path of this site %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    ['an absolute URL', 'https://evil.example/promote-data'],
    ['an absolute URL of another scheme', 'http://evil.example'],
    ['a protocol-relative URL', '//evil.example/promote-data'],
    ['three slashes', '///evil.example'],
    ['a backslash after the slash', '/\\evil.example'],
    ['a backslash anywhere', '/promote-data\\..\\x'],
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: with spaces', ' javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'promote-data'],
    ['a dot path', './promote-data'],
    ['a tab browsers drop', '/\t/evil.example'],
    ['a newline browsers drop', '/\n/evil.example'],
    ['a leading space', ' /promote-data'],
    ['a NUL', '/promote-data\u0000'],
    ['the login page', '/'],
    ['the login page by name', '/login?redirect=/x'],
    ['nothing', ''],
    ['a missing value', null],
    ['undefined', undefined],
    ['an over-long path', `/${'a'.repeat(RETURN_PATH_MAX)}`],
  ])('refuses %s', (_case, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
});

describe('loginUrlFor', () => {
  it('asks the login page to return to the page, its query kept', () => {
    const url = new URL(loginUrlFor('/promote-data?itemId=3&startTime=2026-11-01'), 'http://localhost');
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('redirect')).toBe('/promote-data?itemId=3&startTime=2026-11-01');
    expect(url.searchParams.has('expired')).toBe(false);
    expect(loginUrlFor('/feedback', { expired: true })).toBe('/login?redirect=%2Ffeedback&expired=1');
  });

  it('leaves out a page that is no path of this site', () => {
    expect(loginUrlFor('//evil.example')).toBe('/login');
    expect(loginUrlFor('/')).toBe('/login');
    expect(loginUrlFor('https://evil.example', { expired: true })).toBe('/login?expired=1');
  });
});
