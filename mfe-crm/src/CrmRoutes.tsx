import { CRM_CODES } from '@portal/contracts';
import { Route, Routes } from 'react-router-dom';
import { CrmSettingsPage } from './features/settings/CrmSettingsPage';
import { SETTING_PATHS } from './routes';

/**
 * The remote's pages: one settings page per CRM, the code taken from the path. Each CRM's page is
 * its own element (keyed), so that switching CRM starts from a fresh form. Outside its paths
 * (while single-spa is switching apps) it renders nothing.
 */
export function CrmRoutes() {
  return (
    <Routes>
      {CRM_CODES.map((code) => (
        <Route key={code} path={SETTING_PATHS[code]} element={<CrmSettingsPage key={code} crmCode={code} />} />
      ))}
      <Route path="*" element={null} />
    </Routes>
  );
}
