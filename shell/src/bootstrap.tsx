import { createRoot } from 'react-dom/client';
import { addErrorHandler, start } from 'single-spa';
import './app/shell.css';
import { ShellApp } from './app/ShellApp';
import { brandForHost } from './brand/brands';
import { registerRemoteApps } from './remotes/registerRemoteApps';

const brand = brandForHost(window.location.hostname);
document.title = brand.name;

// Remote failures are shown inside the frame by the loader; what reaches here is logged, never thrown at the page.
addErrorHandler((error) => console.error('[shell] single-spa', error));
registerRemoteApps();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The shell needs <div id="root"> in index.html');
createRoot(rootElement).render(<ShellApp brand={brand} />);
start({ urlRerouteOnly: true });
