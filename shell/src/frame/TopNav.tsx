import { BulbOutlined, CommentOutlined, CompassOutlined, QuestionCircleOutlined, TrophyOutlined } from '@ant-design/icons';
import type { User } from '@portal/api-client';
import { REMOTE_DIALOGS, REMOTE_PAGES } from '@portal/contracts';
import { Button, Flex } from 'antd';
import { useState, type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { useBrand } from '../brand/BrandContext';
import { useDialogLink, usePageServed } from '../remotes/pageRoutes';
import { NotificationPopover } from './NotificationPopover';
import { PhoneNavMenu } from './PhoneNavMenu';
import { SuggestionDialog } from './SuggestionDialog';
import { FrameText } from './texts';
import { UserPopover } from './UserPopover';
import { WalletPopover } from './WalletPopover';

export interface TopNavProps {
  user: User;
  onOpenGuide: () => void;
  onLogout: () => void;
  /** A phone's top bar: the notification bell and everything else folded into one menu. */
  compact?: boolean;
}

const linkStyle: CSSProperties = { display: 'inline-flex', alignItems: 'center', gap: 8, padding: '4px 15px', color: 'rgba(0,0,0,0.88)' };

/**
 * The frame's top navigation: guide, the free plan (the plan dialog over the page shown), the full
 * brand's task wall, suggestion and help, the wallet and notification popovers, user. The free plan
 * is a remote's dialog, the task wall and help are remotes' pages: each shows while a remote of the
 * page declares it. On a phone (`compact`) the bell stays and the rest folds into one menu.
 */
export function TopNav({ user, onOpenGuide, onLogout, compact = false }: TopNavProps) {
  const { features } = useBrand();
  const served = usePageServed();
  const freePlan = useDialogLink()(REMOTE_DIALOGS.freePlan);
  const [suggesting, setSuggesting] = useState(false);
  if (compact)
    return (
      <Flex align="center" justify="flex-end" gap={4} style={{ height: '100%' }}>
        <NotificationPopover />
        <PhoneNavMenu user={user} onOpenGuide={onOpenGuide} onSuggest={() => setSuggesting(true)} onLogout={onLogout} />
        {features.suggestion ? <SuggestionDialog open={suggesting} onClose={() => setSuggesting(false)} /> : null}
      </Flex>
    );
  return (
    <Flex align="center" justify="flex-end" gap={4} style={{ height: '100%' }}>
      <Button type="text" icon={<CompassOutlined />} onClick={onOpenGuide}>
        {FrameText.Guide}
      </Button>
      {freePlan ? (
        <Link {...freePlan} style={linkStyle}>
          <BulbOutlined />
          {FrameText.FreePlan}
        </Link>
      ) : null}
      {features.tasks && served(REMOTE_PAGES.taskWall) ? (
        <Link to={REMOTE_PAGES.taskWall} style={linkStyle}>
          <TrophyOutlined />
          {FrameText.TaskWall}
        </Link>
      ) : null}
      {features.suggestion ? (
        <>
          <Button type="text" icon={<CommentOutlined />} onClick={() => setSuggesting(true)}>
            {FrameText.Suggestion}
          </Button>
          <SuggestionDialog open={suggesting} onClose={() => setSuggesting(false)} />
        </>
      ) : null}
      {features.help && served(REMOTE_PAGES.help) ? (
        <Link to={REMOTE_PAGES.help} style={linkStyle}>
          <QuestionCircleOutlined />
          {FrameText.Help}
        </Link>
      ) : null}
      <WalletPopover />
      <NotificationPopover />
      <UserPopover user={user} onLogout={onLogout} />
    </Flex>
  );
}
