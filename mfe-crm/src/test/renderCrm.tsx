import { installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { DesignSystemProvider } from '@portal/design-system';
import { configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { crmApi } from '../api/crmApi';

export {
  SERVER_ERROR,
  button,
  codeOk,
  columnTitles,
  findElement,
  formErrors,
  formFields,
  formLabels,
  lastRequest,
  pick,
  refused,
  tableRows,
  typeInto,
} from '@portal/remote-kit/testing';

/** Fake HTTP for a CRM tab; restore it after each test. */
export const installCrmHttp = (): FakeHttp => installFakeHttp();

/**
 * One tab (or the page) of the remote, as the remote's root renders it (design system, a fresh
 * store of the remote's API, the browser's router at `path`) but without the other pages, and
 * without animations.
 */
export function renderCrm(element: ReactElement, path = '/ec-setting') {
  window.history.pushState(null, '', path);
  const store = configureStore({
    reducer: { [crmApi.reducerPath]: crmApi.reducer },
    middleware: (getDefault) => getDefault().concat(crmApi.middleware),
  });
  return render(
    <DesignSystemProvider>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <Provider store={store}>
          <BrowserRouter>{element}</BrowserRouter>
        </Provider>
      </ConfigProvider>
    </DesignSystemProvider>,
  );
}
