import { DesignSystemProvider } from '@portal/design-system';
import type { ReactNode } from 'react';
import { BrandProvider } from '../brand/BrandContext';
import { brandForHost, type Brand } from '@portal/contracts';

export interface ShellProvidersProps {
  children: ReactNode;
  /** Default: the brand of `location.hostname`. */
  brand?: Brand;
}

/** antd theme and zh_CN locale, and the brand: around the shell and every piece of shell UI. */
export function ShellProviders({ children, brand = brandForHost(window.location.hostname) }: ShellProvidersProps) {
  return (
    <DesignSystemProvider>
      <BrandProvider brand={brand}>{children}</BrandProvider>
    </DesignSystemProvider>
  );
}
