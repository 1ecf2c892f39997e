import { BrowserRouter } from 'react-router-dom';
import type { Brand } from '@portal/contracts';
import { ShellProviders } from './ShellProviders';
import { ShellRoutes } from './ShellRoutes';

export interface ShellAppProps {
  brand: Brand;
}

/**
 * The shell's React tree. Remotes share its browser history: their routers and this one see the
 * same URL. The server data (the session among it) is the page's redux store (store/), provided
 * behind the guard only (app/LoggedInFrame.tsx): no provider here, so that the login page loads
 * none of it.
 */
export function ShellApp({ brand }: ShellAppProps) {
  return (
    <ShellProviders brand={brand}>
      <BrowserRouter>
        <ShellRoutes />
      </BrowserRouter>
    </ShellProviders>
  );
}
