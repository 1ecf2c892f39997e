import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { BrandProvider } from '../brand/BrandContext';
import { BRANDS } from '@portal/contracts';
import { knownCatalog } from '../remotes/remoteCatalog';
import { RemoteCatalogProvider } from '../remotes/RemoteCatalogContext';
import { SUITE_CATALOG, FULL_SUITE } from '../testing/catalog';
import { GuideDialog } from './GuideDialog';

const meta = {
  title: 'shell/GuideDialog',
  component: GuideDialog,
  args: { open: true, onClose: fn() },
  decorators: [(Story) => <RemoteCatalogProvider catalog={knownCatalog(FULL_SUITE)}>{Story()}</RemoteCatalogProvider>],
} satisfies Meta<typeof GuideDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The five steps; 跳过 on each, 完成 on the last. */
export const FullBrand: Story = {
  decorators: [(Story) => <BrandProvider brand={BRANDS.full}>{Story()}</BrandProvider>],
};

/** Other hosts: step 4 says nothing of points. */
export const OtherBrand: Story = {
  decorators: [(Story) => <BrandProvider brand={BRANDS.other}>{Story()}</BrandProvider>],
};

/** The full brand while no remote serves the points mall: step 4 says nothing of points either. */
export const WithoutPointsMall: Story = {
  decorators: [
    (Story) => (
      <RemoteCatalogProvider catalog={knownCatalog(SUITE_CATALOG)}>
        <BrandProvider brand={BRANDS.full}>{Story()}</BrandProvider>
      </RemoteCatalogProvider>
    ),
  ],
};
