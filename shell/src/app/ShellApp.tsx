import { BrowserRouter } from 'react-router-dom';
import type { Brand } from '../brand/brands';
import { SessionProvider } from '../session/SessionContext';
import { ShellProviders } from './ShellProviders';
import { ShellRoutes } from './ShellRoutes';

export interface ShellAppProps {
  brand: Brand;
}

/** The shell's React tree. Remotes share its browser history: their routers and this one see the same URL. */
export function ShellApp({ brand }: ShellAppProps) {
  return (
    <ShellProviders brand={brand}>
      <SessionProvider>
        <BrowserRouter>
          <ShellRoutes />
        </BrowserRouter>
      </SessionProvider>
    </ShellProviders>
  );
}
