import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { LeadsRoot } from './LeadsRoot';
import { LeadsText } from './texts';

/** What shows if even the remote's root fails (its providers); page errors are caught further in. */
const RootFailure = () => (
  <div role="alert" style={{ padding: 24, color: '#ff4d4f' }}>
    {LeadsText.RootFailed}
  </div>
);

// The shell mounts this remote as the single-spa app 'leads' and passes customProps.domElementGetter
// (its frame's content area); single-spa-react renders into it.
const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: () => <LeadsRoot />,
  errorBoundary: () => <RootFailure />,
});

export const { bootstrap, mount, unmount } = lifecycles;
