import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Flex, Layout, Typography } from 'antd';
import { LoadingState, usePhoneScreen } from '@portal/design-system';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useBrand } from '../brand/BrandContext';
import { GuideDialog } from '../guide/GuideDialog';
import { LowBalanceReminder } from '../lowBalance/LowBalanceReminder';
import { useGuide } from '../guide/useGuide';
import { RealtimeNotifications } from '../realtime/RealtimeNotifications';
import { RemoteOutlet } from '../remotes/RemoteOutlet';
import { useLogout } from '../session/logout';
import { useSessionUser } from '../session/useSessionUser';
import { ShellErrorBoundary } from './ShellErrorBoundary';
import { SideMenu } from './SideMenu';
import { FrameText } from './texts';
import { TopNav } from './TopNav';

/** The drawer holding the side menu on a phone: the sider's width, never wider than most of the screen. */
const DRAWER_WIDTH = 'min(280px, 85vw)';

/**
 * The logged-in frame: side menu, top navigation, and the content area holding either a shell page
 * (the route's Outlet) or the remote that owns the path (mounted by single-spa in RemoteOutlet).
 *
 * On a phone (narrower than antd's md, 768 px) the side menu is a drawer that the top bar's menu
 * button opens and that closes once an entry is chosen (or the page changes); the top navigation
 * folds into one menu, and the content's margins shrink so that nothing scrolls sideways.
 */
export function Frame() {
  const brand = useBrand();
  const user = useSessionUser();
  const { pathname, search } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const phone = usePhoneScreen();
  const guide = useGuide(user);
  const logout = useLogout();

  // Another page (a link, back, the folded top menu) closes the drawer too; so does a wider window.
  useEffect(() => setDrawerOpen(false), [pathname, search, phone]);

  const topNav = <TopNav user={user} onOpenGuide={guide.reopen} onLogout={() => void logout()} compact={phone} />;
  const content = (
    <Layout.Content style={{ margin: phone ? 8 : 16, minWidth: 0 }}>
      <ShellErrorBoundary resetKey={pathname}>
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </ShellErrorBoundary>
      <RemoteOutlet />
    </Layout.Content>
  );
  const headerStyle = { position: 'sticky', top: 0, zIndex: 10, boxShadow: '0 1px 4px rgba(0,21,41,0.08)' } as const;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {phone ? (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          placement="left"
          size={DRAWER_WIDTH}
          title={brand.logoText}
          // Opened afresh each time: the menu opens the group of the page shown then.
          destroyOnHidden
          styles={{ body: { padding: 0, background: '#001529' } }}
        >
          <nav aria-label={FrameText.Menu}>
            <SideMenu onNavigate={() => setDrawerOpen(false)} />
          </nav>
        </Drawer>
      ) : (
        <Layout.Sider
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
          width={208}
          style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
        >
          <div style={{ height: 64, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: '0 12px' }}>
            <Typography.Text strong ellipsis style={{ color: '#fff', fontSize: collapsed ? 14 : 16 }}>
              {collapsed ? brand.logoText.slice(0, 2) : brand.logoText}
            </Typography.Text>
          </div>
          <SideMenu collapsed={collapsed} />
        </Layout.Sider>
      )}
      <Layout>
        {phone ? (
          <Layout.Header style={{ ...headerStyle, padding: '0 4px' }}>
            <Flex align="center" gap={4} style={{ height: '100%' }}>
              <Button
                type="text"
                icon={<MenuOutlined />}
                aria-label={FrameText.OpenMenu}
                aria-expanded={drawerOpen}
                aria-haspopup="dialog"
                onClick={() => setDrawerOpen(true)}
              />
              <Typography.Text strong ellipsis style={{ flex: 1, minWidth: 0 }}>
                {brand.logoText}
              </Typography.Text>
              {topNav}
            </Flex>
          </Layout.Header>
        ) : (
          <Layout.Header style={{ ...headerStyle, padding: '0 16px' }}>{topNav}</Layout.Header>
        )}
        {content}
      </Layout>
      <GuideDialog open={guide.open} onClose={guide.close} />
      <LowBalanceReminder account={user.loginAccount} held={guide.open} />
      <RealtimeNotifications whetherVoice={user.whetherVoice} />
    </Layout>
  );
}
