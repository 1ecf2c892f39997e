// Proves each rule of `portal/boundaries` (scripts/eslint/portal-boundaries.mjs) through the repo's
// own eslint.config.mjs: small snippets linted under made-up file paths, one for every way a file
// can name a module. Run by `npm test`'s lint step: `node --test scripts/eslint-boundaries.test.mjs`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';
import { root } from './lib/setup.mjs';

const eslint = new ESLint({ cwd: root });

/** The `portal/boundaries` messages ESLint gives `code` as the file `path` (relative to the root). */
async function boundaries(path, code) {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${path}` });
  const fatal = result.messages.filter((m) => m.fatal);
  assert.deepEqual(fatal, [], `${path} did not parse`);
  return result.messages.filter((m) => m.ruleId === 'portal/boundaries').map((m) => m.message);
}

async function refused(path, code, expected) {
  const messages = await boundaries(path, code);
  assert.equal(messages.length, 1, `${path}: expected one boundary error for\n${code}\ngot ${JSON.stringify(messages)}`);
  assert.match(messages[0], expected);
}

describe('a remote never imports the shell or another remote', () => {
  it('refuses the shell by package name, saying why', async () => {
    await refused(
      'mfe-leads/src/features/list/LeadList.tsx',
      "import { useSession } from '@portal/shell';",
      /mfe-leads must not import the shell \(@portal\/shell\): a remote is built and released alone/,
    );
  });
  it('refuses a side-effect import of the shell by relative path', async () => {
    await refused('mfe-leads/src/features/list/LeadList.tsx', "import '../../../../shell/src/frame/menuGroups';", /must not import the shell/);
  });
  it('refuses a re-export from another remote', async () => {
    await refused(
      'mfe-reports/src/index.ts',
      "export { routes } from '@portal/mfe-leads';",
      /mfe-reports must not import another remote .*releases and rolls back alone/,
    );
  });
  it('refuses `export *` from another remote', async () => {
    await refused('mfe-reports/src/index.ts', "export * from '../../mfe-leads/src/routes';", /must not import another remote/);
  });
  it('refuses a dynamic import() of another remote', async () => {
    await refused('mfe-leads/src/app.tsx', "export const load = () => import('@portal/mfe-reports');", /must not import another remote/);
  });
  it('refuses jest.mock() of the shell in a test', async () => {
    await refused(
      'mfe-leads/src/features/list/LeadList.test.tsx',
      "jest.mock('../../../../shell/src/session/store', () => ({}));",
      /must not import the shell/,
    );
  });
  it('refuses jest.requireActual() of another remote in a test', async () => {
    await refused('mfe-reports/src/a.test.ts', "export const real = jest.requireActual('@portal/mfe-leads');", /must not import another remote/);
  });
  it('refuses require() and TypeScript import types', async () => {
    await refused('mfe-leads/src/a.ts', "export const shell = require('@portal/shell');", /must not import the shell/);
    await refused('mfe-leads/src/a.ts', "export type Session = import('@portal/shell').Session;", /must not import the shell/);
    await refused('mfe-leads/src/a.ts', "import shell = require('@portal/shell');\nexport default shell;", /must not import the shell/);
  });
});

describe('the shell never imports a remote', () => {
  it('refuses a static import of a remote, saying it loads remotes at run time', async () => {
    await refused(
      'shell/src/remotes/registry.ts',
      "import { routes } from '@portal/mfe-leads';",
      /The shell must not import a remote .*module federation and \/remotes.json/,
    );
  });
});

describe('the shell is not a remote', () => {
  it('refuses the remote kit, saying why', async () => {
    await refused(
      'shell/src/remotes/mount.ts',
      "import { defineRemote } from '@portal/remote-kit';",
      /The shell must not import @portal\/remote-kit .*it is not one/,
    );
    await refused(
      'shell/src/remotes/mount.test.tsx',
      "import { mountRemoteForTest } from '@portal/remote-kit/testing';",
      /must not import @portal\/remote-kit/,
    );
  });
});

describe('shared/* never imports an app', () => {
  it('refuses the shell from the design system', async () => {
    await refused(
      'shared/design-system/src/PageFrame.tsx',
      "import '@portal/shell';",
      /shared\/design-system must not import the app shell .*never back/,
    );
  });
  it('refuses a remote from the build factory (CommonJS require)', async () => {
    await refused(
      'shared/build/index.js',
      "const leads = require('../../mfe-leads/webpack.config.js');\nmodule.exports = leads;",
      /shared\/build must not import the app mfe-leads/,
    );
  });
  it('refuses the server from contracts', async () => {
    await refused('shared/contracts/src/index.ts', "export { buildApp } from '@portal/server';", /shared\/contracts must not import the app server/);
  });
});

describe('the server imports only @portal/contracts of shared/*', () => {
  it('refuses another shared package, saying why', async () => {
    await refused(
      'server/src/modules/leads/routes.ts',
      "import { getEventBus } from '@portal/event-bus';",
      /The server imports only @portal\/contracts of shared\/\*, not shared\/event-bus .*browser code/,
    );
  });
  it('refuses an app', async () => {
    await refused('server/src/app.ts', "import '@portal/shell';", /The server imports only @portal\/contracts/);
  });
  it('takes contracts', async () => {
    assert.deepEqual(await boundaries('server/src/app.ts', "import { chinaDate } from '@portal/contracts';\nexport { chinaDate };"), []);
  });
  it("lets the server's tests, and only them, use the build factory's Node helpers", async () => {
    const code = "import { precompress } from '@portal/build/precompress';\nexport { precompress };";
    assert.deepEqual(await boundaries('server/src/plugins/static.test.ts', code), []);
    await refused('server/src/plugins/static.ts', code, /The server imports only @portal\/contracts of shared\/\*, not shared\/build/);
  });
});

describe('the chat widget imports only @portal/contracts', () => {
  it('refuses another shared package and an app, saying why', async () => {
    await refused(
      'chat-widget/src/widget.ts',
      "import { getEventBus } from '@portal/event-bus';",
      /The chat widget imports only @portal\/contracts, not shared\/event-bus/,
    );
    await refused('chat-widget/src/widget.ts', "import '@portal/mfe-leads';", /The chat widget imports only @portal\/contracts/);
  });
  it('takes the contracts', async () => {
    const code = "import { CHAT_MESSAGE_MAX } from '@portal/contracts/chat/constants';\nexport { CHAT_MESSAGE_MAX };";
    assert.deepEqual(await boundaries('chat-widget/src/widget.ts', code), []);
  });
});

describe("nobody reaches into another package's insides", () => {
  it('refuses a path inside a package that its exports do not offer', async () => {
    await refused(
      'shell/src/app.tsx',
      "import { chinaDate } from '@portal/contracts/src/dates';",
      /@portal\/contracts\/src\/dates reaches inside @portal\/contracts: import from its index or a subpath its package.json exports/,
    );
  });
  it('refuses a relative path out of the package into a shared package', async () => {
    await refused(
      'mfe-leads/src/a.ts',
      "import { chinaDate } from '../../shared/contracts/src';",
      /The relative import \.\.\/\.\.\/shared\/contracts\/src leaves mfe-leads/,
    );
  });
  it('takes an exported subpath in a test', async () => {
    assert.deepEqual(
      await boundaries('mfe-leads/src/a.test.ts', "import { installFakeHttp } from '@portal/api-client/testing';\nexport { installFakeHttp };"),
      [],
    );
  });
});

describe('production code never imports test code', () => {
  it('refuses a /testing subpath in shipped code, saying it would ship', async () => {
    await refused(
      'mfe-leads/src/app.tsx',
      "import { installFakeHttp } from '@portal/api-client/testing';",
      /@portal\/api-client\/testing is test code .*production code must not import it, or it ships in the bundles/,
    );
  });
  it("refuses the package's own test helpers and test files", async () => {
    await refused('shared/api-client/src/index.ts', "export * from './testing';", /is test code/);
    await refused('server/src/modules/leads/service.ts', "import { makeApp } from '../../test/harness';", /is test code/);
    await refused('shell/src/frame/Frame.tsx', "import './Frame.stories';", /is test code/);
    await refused('shell/src/frame/Frame.tsx', "export const load = () => import('./Frame.test');", /is test code/);
  });
  it('lets tests, stories and test helpers use them', async () => {
    const code = "import { installFakeHttp } from '@portal/api-client/testing';\nexport { installFakeHttp };";
    for (const path of [
      'shell/src/frame/Frame.test.tsx',
      'shell/src/frame/Frame.stories.tsx',
      'shared/remote-kit/src/testing/index.tsx',
      'shared/remote-kit/src/testing.ts',
    ]) {
      assert.deepEqual(await boundaries(path, code), [], path);
    }
    for (const path of ['server/src/realtime/testing.ts', 'server/src/test/db.ts', 'server/src/modules/leads/routes.test.ts']) {
      assert.deepEqual(await boundaries(path, "export { makeApp } from '../test/harness';"), [], path);
    }
  });
});

describe('production server code never imports the demo or the fake CRMs', () => {
  it('refuses the fake CRMs in a production file, statically or loaded on demand, saying why', async () => {
    await refused(
      'server/src/main.ts',
      "import { startCrmSandbox } from './test/fake-crm';",
      /\.\/test\/fake-crm is test code \(the fake CRMs.*production server code must not import it, or a production server could run the fakes/,
    );
    await refused('server/src/start.ts', "export const load = () => import('./test/fake-crm');", /is test code \(the fake CRMs/);
    await refused('server/src/modules/crm/runtime.ts', "export { startFakeCrm } from '../../test/fake-crm/ec';", /is test code \(the fake CRMs/);
  });
  it('refuses the demo folder, the demo seeds and the demo scripts in a production file, saying why', async () => {
    await refused(
      'server/src/main.ts',
      "import { loadDemoConfig } from './demo/config';",
      /\.\/demo\/config is the demo .*production server code must not import it, so that a production server has no way to create the well-known demo accounts/,
    );
    await refused('server/src/start.ts', "import './demo';", /is the demo/);
    await refused('server/src/modules/auth/service.ts', "import { DEMO_PASSWORD } from '../../db/seed-data';", /is the demo/);
    await refused('server/src/index.ts', "export { seedIfEmpty } from './db/seed';", /is the demo/);
    await refused('server/src/modules/leads/service.ts', "import { DEMO_EC_STAFF } from '../schedule/seed';", /is the demo/);
    await refused('server/src/cli.ts', "import './scripts/demo-traffic';", /is the demo/);
  });
  it('lets the demo use the fakes, and tests and test helpers use the demo', async () => {
    assert.deepEqual(
      await boundaries(
        'server/src/demo/main.ts',
        "import { startCrmSandbox } from '../test/fake-crm';\nimport { seedIfEmpty } from '../db/seed';\nexport { startCrmSandbox, seedIfEmpty };",
      ),
      [],
    );
    assert.deepEqual(await boundaries('server/src/db/seed.ts', "export { seedDemoCrm } from '../modules/crm/seed';"), []);
    assert.deepEqual(await boundaries('server/src/scripts/demo-traffic.ts', "export { DEMO_LEAD_TEXTS } from '../db/seed-leads';"), []);
    for (const [path, up] of [
      ['server/src/test/harness.ts', '..'],
      ['server/src/realtime/testing.ts', '..'],
      ['server/src/main.test.ts', '.'],
    ]) {
      const code = `export { loadDemoConfig } from '${up}/demo/config';\nexport { DEMO_PASSWORD } from '${up}/db/seed-data';`;
      assert.deepEqual(await boundaries(path, code), [], path);
    }
  });
  it('lets production server code import production server code', async () => {
    assert.deepEqual(
      await boundaries(
        'server/src/main.ts',
        "import { startServer } from './start';\nimport { migrateToLatest } from './db/migrate';\nexport { startServer, migrateToLatest };",
      ),
      [],
    );
  });
});

describe('what is allowed', () => {
  it('apps import shared packages and their own files; e2e and bench import anything', async () => {
    assert.deepEqual(
      await boundaries('mfe-leads/src/a.ts', "import '@portal/design-system';\nimport './b';\nimport { x } from '../src/c';\nexport { x };"),
      [],
    );
    assert.deepEqual(await boundaries('shell/src/a.ts', "import '@portal/design-system';\nimport 'antd';"), []);
    assert.deepEqual(await boundaries('e2e/tests/a.spec.ts', "import '@portal/server';\nimport '../../shell/src/frame/texts';"), []);
  });
});
