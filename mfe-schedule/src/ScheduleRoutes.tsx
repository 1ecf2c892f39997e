import { CRM_CODES } from '@portal/contracts';
import { Route, Routes } from 'react-router-dom';
import { SchedulePage } from './features/schedule/SchedulePage';
import { SCHEDULE_PATHS } from './routes';

/**
 * The remote's pages: one schedule page per CRM, the code taken from the path. Each CRM's page is
 * its own element (keyed), so that switching CRM starts afresh. Outside its paths (while
 * single-spa is switching apps) it renders nothing.
 */
export function ScheduleRoutes() {
  return (
    <Routes>
      {CRM_CODES.map((code) => (
        <Route key={code} path={SCHEDULE_PATHS[code]} element={<SchedulePage key={code} crmCode={code} />} />
      ))}
      <Route path="*" element={null} />
    </Routes>
  );
}
