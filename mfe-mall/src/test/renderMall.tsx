import { installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { renderPage } from '@portal/remote-kit/testing';
import type { ReactElement } from 'react';
import { mallApi } from '../api/mallApi';
import { MallPath } from '../routes';

/** The page tests' DOM helpers and code-style answers. */
export * from '@portal/remote-kit/testing';
export type { FakeHttp };

/** Fake HTTP for the remote's pages; restore it after each test. */
export const installMallHttp = (): FakeHttp => installFakeHttp();

/** A part of the remote at `path`, with a fresh store of its API (see renderPage). */
export const renderMall = (element: ReactElement, path: string = MallPath.Home) => renderPage(element, mallApi, path);
