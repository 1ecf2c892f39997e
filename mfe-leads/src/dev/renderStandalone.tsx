import { createRoot } from 'react-dom/client';
import { LeadsRoot } from '../LeadsRoot';
import { LeadsPath } from '../routes';

// Alone there is no shell to pick the page: open the smart-investment list.
if (window.location.pathname === '/') window.history.replaceState(null, '', LeadsPath.Resource);

document.body.style.margin = '0';
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from the standalone page');
createRoot(container).render(
  <div style={{ padding: 16, background: '#f5f5f5', minHeight: '100vh', boxSizing: 'border-box' }}>
    <LeadsRoot />
  </div>,
);
