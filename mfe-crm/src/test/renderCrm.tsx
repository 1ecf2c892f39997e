import { installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { renderPage } from '@portal/remote-kit/testing';
import type { ReactElement } from 'react';
import { crmApi } from '../api/crmApi';

/** The page tests' DOM helpers and code-style answers. */
export * from '@portal/remote-kit/testing';

/** Fake HTTP for a CRM tab; restore it after each test. */
export const installCrmHttp = (): FakeHttp => installFakeHttp();

/** A part of the remote at `path`, with a fresh store of its API (see renderPage). */
export const renderCrm = (element: ReactElement, path = '/ec-setting') => renderPage(element, crmApi, path);
