import { DownOutlined } from '@ant-design/icons';
import type { User } from '@portal/api-client';
import { REMOTE_PAGES } from '@portal/contracts';
import { Avatar, Button, Flex, Menu, Popover, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useBrand } from '../brand/BrandContext';
import { usePageServed } from '../remotes/pageRoutes';
import { DEFAULT_AVATAR } from './defaultAvatar';
import { FrameRoute, FrameText } from './texts';
import { useNavPopover } from './useNavPopover';

export interface UserPopoverProps {
  user: Pick<User, 'loginAccount' | 'headPic' | 'thumbnail'>;
  onLogout: () => void;
}

export const avatarOf = (user: Pick<User, 'headPic' | 'thumbnail'>): string => user.headPic || user.thumbnail || DEFAULT_AVATAR;

/** Avatar and account in the top navigation; opens account info, password, address (while a remote serves it) and logout. */
export function UserPopover({ user, onLogout }: UserPopoverProps) {
  const brand = useBrand();
  const served = usePageServed();
  const navigate = useNavigate();
  const popover = useNavPopover();

  const items = [
    { key: FrameRoute.AccountInfo, label: FrameText.AccountInfo },
    { key: FrameRoute.ChangePassword, label: FrameText.ChangePassword },
    ...(brand.features.shopAddress && served(REMOTE_PAGES.shopAddress) ? [{ key: REMOTE_PAGES.shopAddress, label: FrameText.ShopAddress }] : []),
    { type: 'divider' as const },
    { key: 'logout', label: FrameText.Logout, danger: true },
  ];

  const content = (
    <div style={{ width: 200 }}>
      <Flex align="center" gap={12} style={{ padding: '4px 8px 12px' }}>
        <Avatar size={40} src={avatarOf(user)} alt="" />
        <Typography.Text strong ellipsis>
          {user.loginAccount}
        </Typography.Text>
      </Flex>
      <Menu
        mode="vertical"
        selectable={false}
        style={{ borderInlineEnd: 'none' }}
        items={items}
        onClick={({ key }) => {
          popover.close();
          if (key === 'logout') onLogout();
          else navigate(key);
        }}
      />
    </div>
  );

  return (
    <Popover content={content} trigger={['hover', 'click']} placement="bottomRight" {...popover.popoverProps}>
      <Button {...popover.triggerProps} type="text" aria-label={FrameText.userMenu(user.loginAccount)} style={{ height: 'auto', padding: '4px 8px' }}>
        <Flex align="center" gap={8}>
          <Avatar size={28} src={avatarOf(user)} alt="" />
          <span>{user.loginAccount}</span>
          <DownOutlined style={{ fontSize: 10 }} />
        </Flex>
      </Button>
    </Popover>
  );
}
