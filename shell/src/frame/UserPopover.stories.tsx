import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { MemoryRouter } from 'react-router-dom';
import { fn } from 'storybook/test';
import { BrandProvider } from '../brand/BrandContext';
import { BRANDS } from '@portal/contracts';
import { knownCatalog } from '../remotes/remoteCatalog';
import { RemoteCatalogProvider } from '../remotes/RemoteCatalogContext';
import { FULL_SUITE } from '../testing/catalog';
import { UserPopover } from './UserPopover';

const meta = {
  title: 'shell/UserPopover',
  component: UserPopover,
  args: { user: { loginAccount: 'demo', headPic: null, thumbnail: null }, onLogout: fn() },
  decorators: [
    (Story) => (
      <RemoteCatalogProvider catalog={knownCatalog(FULL_SUITE)}>
        <MemoryRouter>
          <div style={{ display: 'flex', justifyContent: 'flex-end', width: 480, minHeight: 280 }}>{Story()}</div>
        </MemoryRouter>
      </RemoteCatalogProvider>
    ),
  ],
  parameters: { docs: { description: { component: 'Hover or click the account to open the menu.' } } },
} satisfies Meta<typeof UserPopover>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The full brand, with a remote serving the shipping address: 账户信息, 修改密码, 收货地址, 退出登录; the default avatar. */
export const FullBrand: Story = {
  decorators: [(Story) => <BrandProvider brand={BRANDS.full}>{Story()}</BrandProvider>],
};

/** Other hosts: no shipping address. */
export const OtherBrand: Story = {
  decorators: [(Story) => <BrandProvider brand={BRANDS.other}>{Story()}</BrandProvider>],
};

const avatar =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#fa8c16"/><text x="32" y="42" font-size="28" text-anchor="middle" fill="#fff">D</text></svg>',
  );

export const WithAvatar: Story = {
  args: { user: { loginAccount: 'demo', headPic: avatar, thumbnail: null } },
  decorators: [(Story) => <BrandProvider brand={BRANDS.full}>{Story()}</BrandProvider>],
};
