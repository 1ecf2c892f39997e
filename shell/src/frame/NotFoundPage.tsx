import { REMOTE_PAGES } from '@portal/contracts';
import { headingInPlace } from '@portal/design-system';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { hasLoginCookie } from '../session/loginCookie';
import { FrameText } from './texts';

/** `/not-found`: where unknown paths go. Leads back to the workbench, or home when logged out. */
export function NotFoundPage() {
  const navigate = useNavigate();
  const loggedIn = hasLoginCookie();
  return (
    <Result
      status="404"
      title={<h1 style={headingInPlace}>{FrameText.NotFoundTitle}</h1>}
      subTitle={FrameText.NotFoundHint}
      extra={
        <Button type="primary" onClick={() => navigate(loggedIn ? REMOTE_PAGES.workbench : '/')}>
          {loggedIn ? FrameText.BackToWorkbench : FrameText.BackHome}
        </Button>
      }
    />
  );
}
