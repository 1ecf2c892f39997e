import { Layout, Typography } from 'antd';
import { LoadingState } from '@portal/design-system';
import { Suspense, useState } from 'react';
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
import { TopNav } from './TopNav';

/**
 * The logged-in frame: side menu, top navigation, and the content area holding either a shell page
 * (the route's Outlet) or the remote that owns the path (mounted by single-spa in RemoteOutlet).
 */
export function Frame() {
  const brand = useBrand();
  const user = useSessionUser();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const guide = useGuide(user);
  const logout = useLogout();

  return (
    <Layout style={{ minHeight: '100vh' }}>
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
      <Layout>
        <Layout.Header style={{ position: 'sticky', top: 0, zIndex: 10, padding: '0 16px', boxShadow: '0 1px 4px rgba(0,21,41,0.08)' }}>
          <TopNav user={user} onOpenGuide={guide.reopen} onLogout={() => void logout()} />
        </Layout.Header>
        <Layout.Content style={{ margin: 16, minWidth: 0 }}>
          <ShellErrorBoundary resetKey={pathname}>
            <Suspense fallback={<LoadingState />}>
              <Outlet />
            </Suspense>
          </ShellErrorBoundary>
          <RemoteOutlet />
        </Layout.Content>
      </Layout>
      <GuideDialog open={guide.open} onClose={guide.close} />
      <LowBalanceReminder account={user.loginAccount} held={guide.open} />
      <RealtimeNotifications whetherVoice={user.whetherVoice} />
    </Layout>
  );
}
