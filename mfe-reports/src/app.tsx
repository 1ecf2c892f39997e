import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { Button } from 'antd';

function Root() {
  return <Button type="primary">工作台</Button>;
}

const lifecycles = singleSpaReact({ React, ReactDOMClient, rootComponent: Root, errorBoundary: () => <div>error</div> });
export const { bootstrap, mount, unmount } = lifecycles;
