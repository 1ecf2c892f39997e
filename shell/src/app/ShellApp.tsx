import { BrowserRouter } from 'react-router-dom';
import type { Brand } from '../brand/brands';
import { ShellProviders } from './ShellProviders';
import { ShellRoutes } from './ShellRoutes';

export interface ShellAppProps {
  brand: Brand;
}

/**
 * The shell's React tree. Remotes share its browser history: their routers and this one see the
 * same URL. The session is the page's store (session/SessionContext.tsx), used behind the guard
 * only: no provider here, so that the login page loads none of it.
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
