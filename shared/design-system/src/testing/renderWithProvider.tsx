import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { DesignSystemProvider } from '../DesignSystemProvider';

/** Renders inside the provider, as every screen is. */
export function renderWithProvider(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { wrapper: DesignSystemProvider, ...options });
}
