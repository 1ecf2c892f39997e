import { hasFeature } from '@portal/contracts';
import type { WalletEntryDeclaration } from '@portal/contracts/remotes';
import { useMemo } from 'react';
import { useBrand } from '../brand/BrandContext';
import { useRemoteCatalog } from '../remotes/RemoteCatalogContext';

/**
 * The wallet popover's entries (spec 000 section 2: points, balance, top-up records, consumption
 * report, shop orders): what the remotes of the page declare (`wallet` of their `remote.json`), in
 * their order, each on the brands with its feature. The shell names none of them: a remote that
 * is not on the page adds nothing.
 */
export function useWalletEntries(): readonly WalletEntryDeclaration[] {
  const catalog = useRemoteCatalog();
  const brand = useBrand();
  return useMemo(
    () =>
      catalog.remotes
        .flatMap((remote) => remote.wallet ?? [])
        .filter((entry) => hasFeature(brand, entry.feature))
        .sort((a, b) => a.order - b.order),
    [catalog, brand],
  );
}
