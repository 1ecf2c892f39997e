import { installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { renderPage } from '@portal/remote-kit/testing';
import type { ReactElement } from 'react';
import { publicApi } from '../api/publicApi';
import { PublicPath } from '../routes';

/** The page tests' DOM helpers and code-style answers. */
export * from '@portal/remote-kit/testing';
export type { FakeHttp };

/** Fake HTTP for the remote's pages; restore it after each test. */
export const installPublicHttp = (): FakeHttp => installFakeHttp();

/** A part of the remote at `path`, with a fresh store of its API (see renderPage). */
export const renderPublic = (element: ReactElement, path: string = PublicPath.StrategySurvey) => renderPage(element, publicApi, path);
