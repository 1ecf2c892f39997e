import { createContext, useContext, type ReactNode } from 'react';
import { brandForHost, type Brand } from '@portal/contracts';

const currentHost = (): string => (typeof window === 'undefined' ? 'localhost' : window.location.hostname);

const BrandContext = createContext<Brand>(brandForHost(currentHost()));

export interface BrandProviderProps {
  brand: Brand;
  children: ReactNode;
}

/** Gives the page's brand to the shell's components; tests and stories pass another. */
export function BrandProvider({ brand, children }: BrandProviderProps) {
  return <BrandContext.Provider value={brand}>{children}</BrandContext.Provider>;
}

/** The brand of this page (by default the one of `location.hostname`). */
export function useBrand(): Brand {
  return useContext(BrandContext);
}
