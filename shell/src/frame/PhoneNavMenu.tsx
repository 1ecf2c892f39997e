import { CommentOutlined, CompassOutlined, MoreOutlined, QuestionCircleOutlined, TrophyOutlined, BulbOutlined } from '@ant-design/icons';
import type { User } from '@portal/api-client';
import { REMOTE_DIALOGS, REMOTE_PAGES } from '@portal/contracts';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useBrand } from '../brand/BrandContext';
import { useDialogLink, usePageServed } from '../remotes/pageRoutes';
import { opensElsewhere, takenByLink } from './linkClick';
import { FrameRoute, FrameText } from './texts';
import { avatarOf } from './UserPopover';
import { useWalletEntries } from './walletEntries';
import { WalletText } from './walletTexts';

export interface PhoneNavMenuProps {
  user: Pick<User, 'loginAccount' | 'headPic' | 'thumbnail'>;
  onOpenGuide: () => void;
  onSuggest: () => void;
  onLogout: () => void;
}

type Items = NonNullable<MenuProps['items']>;

/** An entry leading to a page: a link, so that it opens in a new tab too. */
const pageItem = (to: string, label: string, icon?: ReactNode): Items[number] => ({ key: to, icon, label: <Link to={to}>{label}</Link> });

/** Keys of the entries that act instead of leading to a page. */
const Action = { Guide: 'guide', FreePlan: 'free-plan', Suggest: 'suggestion', Logout: 'logout' } as const;

/**
 * The top navigation on a phone, folded into one menu: guide, task wall, suggestion and help; the
 * wallet's pages and the message centre; the account's pages and logout. Each entry shows where
 * the wide top bar shows it (brand features, pages a remote serves).
 */
export function PhoneNavMenu({ user, onOpenGuide, onSuggest, onLogout }: PhoneNavMenuProps) {
  const { features } = useBrand();
  const served = usePageServed();
  const freePlan = useDialogLink()(REMOTE_DIALOGS.freePlan);
  const navigate = useNavigate();
  const wallet = useWalletEntries();

  const items: Items = [
    { key: Action.Guide, icon: <CompassOutlined />, label: FrameText.Guide },
    ...(freePlan ? [{ key: Action.FreePlan, icon: <BulbOutlined />, label: <Link {...freePlan}>{FrameText.FreePlan}</Link> }] : []),
    ...(features.tasks && served(REMOTE_PAGES.taskWall) ? [pageItem(REMOTE_PAGES.taskWall, FrameText.TaskWall, <TrophyOutlined />)] : []),
    ...(features.suggestion ? [{ key: Action.Suggest, icon: <CommentOutlined />, label: FrameText.Suggestion }] : []),
    ...(features.help && served(REMOTE_PAGES.help) ? [pageItem(REMOTE_PAGES.help, FrameText.Help, <QuestionCircleOutlined />)] : []),
    pageItem(FrameRoute.MessageCenter, FrameText.MessageCenter),
    { type: 'divider' },
    {
      type: 'group',
      key: 'wallet',
      label: WalletText.Title,
      children: wallet.map((entry) => pageItem(entry.path, entry.label)),
    },
    { type: 'divider' },
    {
      type: 'group',
      key: 'account',
      label: user.loginAccount,
      children: [
        pageItem(FrameRoute.AccountInfo, FrameText.AccountInfo),
        pageItem(FrameRoute.ChangePassword, FrameText.ChangePassword),
        ...(features.shopAddress && served(REMOTE_PAGES.shopAddress) ? [pageItem(REMOTE_PAGES.shopAddress, FrameText.ShopAddress)] : []),
        { key: Action.Logout, label: FrameText.Logout, danger: true },
      ],
    },
  ];

  const choose: MenuProps['onClick'] = ({ key, domEvent }) => {
    if (key === Action.Guide) onOpenGuide();
    else if (key === Action.Suggest) onSuggest();
    else if (key === Action.Logout) onLogout();
    else if (key === Action.FreePlan) {
      if (freePlan && !takenByLink(domEvent) && !opensElsewhere(domEvent)) navigate(freePlan.to, { state: freePlan.state });
    } else if (!takenByLink(domEvent) && !opensElsewhere(domEvent)) navigate(key);
  };

  return (
    <Dropdown menu={{ items, onClick: choose }} trigger={['click']} placement="bottomRight">
      <Button type="text" aria-label={FrameText.NavMenu} style={{ height: 'auto', padding: '4px 8px' }}>
        <Avatar size={28} src={avatarOf(user)} alt="" />
        <MoreOutlined />
      </Button>
    </Dropdown>
  );
}
