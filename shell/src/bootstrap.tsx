import { createRoot } from 'react-dom/client';
import './app/shell.css';
import { ShellApp } from './app/ShellApp';
import { isFramedPath } from './app/ShellRoutes';
import { loadRemoteCatalog } from './remotes/remoteCatalog';
import { FramePart, LoggedInFramePart, startSession } from './app/splitParts';
import { brandForHost } from '@portal/contracts';
import { hasLoginCookie } from './session/loginCookie';

const brand = brandForHost(window.location.hostname);
document.title = brand.name;

/** What the first render waits for: nothing on the login page. */
let firstRender: Promise<unknown> = Promise.resolve();
if (hasLoginCookie()) {
  // Logged in already: fetch the guard, the frame and the remotes (with the remote of this path)
  // at once, side by side, and user-info as soon as the guard is there, rather than one after
  // another. Without the cookie (the login page) none of them is fetched; a login reloads the page.
  // The remote catalog (/remotes.json and each remote's declaration) is read alongside.
  const parts = Promise.allSettled([LoggedInFramePart.preload(), FramePart.preload()]);
  const catalog = loadRemoteCatalog();
  import('./remotes/startRemoteApps').then(
    (m) => m.startRemoteApps(window.location.pathname, window.location.search, catalog),
    (error: unknown) => console.error('[shell] the remotes could not start', error),
  );
  const framed = catalog.then((known) => {
    if (!isFramedPath(window.location.pathname, known)) return;
    startSession().catch(() => undefined); // RequireLogin loads (and reports) the user when it renders
    return parts;
  });
  // Rendered once the catalog, the guard and the frame are there: a lazy part still loading would
  // show its fallback, which React keeps for at least 300 ms. On a slow network the spinner comes
  // after half a second all the same. A part that failed is tried again by React.
  firstRender = Promise.race([framed, new Promise((resolve) => setTimeout(resolve, 500))]);
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The shell needs <div id="root"> in index.html');
void firstRender.then(() => createRoot(rootElement).render(<ShellApp brand={brand} />));
