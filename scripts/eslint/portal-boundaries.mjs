// The dependency rules of ARCHITECTURE section 1 as one ESLint rule, `portal/boundaries`. It checks
// every way a file names another module, so none slips past: `import x from`, side-effect
// `import './x'`, `export ... from`, `import type`, dynamic `import()`, `require()`, TypeScript's
// `import x = require()` and `import('x').T`, and the module paths of `jest.mock()` and its kin.
//
//   - shell and mfe-* import only shared/*; a remote never imports the shell or another remote,
//     and the shell never imports a remote (it loads them at run time) nor the remote kit;
//   - shared/* never imports an app;
//   - the server imports only @portal/contracts of shared/* (its tests also @portal/build's Node
//     helpers, to make a build folder as the build does);
//   - the chat widget's code (chat-widget/src/, on other sites' landing pages) imports only
//     @portal/contracts (its build script and tests are tooling);
//   - nobody reaches into another package's insides: only its index or a subpath its package.json
//     `exports` (such as '@portal/api-client/testing'); a relative path never leaves its package;
//   - production code never imports test code: `/testing` subpaths, test files, stories and test
//     folders serve tests and stories only;
//   - production server code never imports the demo (server/src/demo/, the demo seeds, the demo
//     scripts) nor the fake CRMs (test code): a production server has no way to create the
//     well-known demo accounts or to deliver leads to a fake. The demo, tests and test helpers may.
// e2e and bench drive the built suite from outside and may import anything.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { root, workspaces } from '../lib/setup.mjs';

const packages = workspaces().map((folder) => {
  const manifest = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8'));
  const subpaths = Object.keys(manifest.exports ?? {}).filter((key) => key !== '.');
  return { folder, name: manifest.name, subpaths };
});
const byName = new Map(packages.map((p) => [p.name, p]));

/** The workspace folder ('shell', 'shared/contracts', ...) holding an absolute path, or undefined. */
function workspaceOf(path) {
  const rel = relative(root, path).split(sep).join('/');
  if (rel.startsWith('..')) return undefined;
  return packages.map((p) => p.folder).find((folder) => rel === folder || rel.startsWith(`${folder}/`));
}

const kind = (folder) => {
  if (folder === 'shell') return 'shell';
  if (folder.startsWith('mfe-')) return 'remote';
  if (folder.startsWith('shared/')) return 'shared';
  if (folder === 'server') return 'server';
  if (folder === 'chat-widget') return 'widget';
  return 'outside'; // e2e, bench
};

/**
 * Tests, stories, jest mocks and test helpers (`testing.ts`, `test/`, `testing/`), as files or as
 * import paths without an extension; everything else under src/ ships.
 */
const TEST_CODE = /\.(test|spec|stories)(\.[cm]?[jt]sx?)?$|\/(test|testing|__mocks__)(\/|\.[cm]?[jt]sx?$|$)/;

/**
 * The server's demo, as paths inside server/ (files, or import paths without an extension): the
 * demo entry and its CRM sandbox (src/demo/), the demo data (src/db/seed.ts, seed-data.ts,
 * seed-leads.ts and each module's seed.ts) and the demo scripts (src/scripts/demo-*). It may use
 * the tests' fakes; production server code may not import it.
 */
const DEMO_CODE = /^src\/(demo(\/|$)|db\/seed(-[a-z]+)?(\.[cm]?[jt]s)?$|modules\/[^/]+\/seed(\.[cm]?[jt]s)?$|scripts\/demo-)/;

const JEST_MODULE_CALLS = new Set([
  'mock',
  'doMock',
  'unmock',
  'dontMock',
  'setMock',
  'requireActual',
  'requireMock',
  'createMockFromModule',
  'unstable_mockModule',
]);

const messages = {
  remoteImportsShell:
    '{{from}} must not import the shell ({{spec}}): a remote is built and released alone and talks to the shell only through @portal/event-bus and the URL.',
  remoteImportsRemote:
    '{{from}} must not import another remote ({{spec}}): each remote releases and rolls back alone; share code through a shared/* package and talk through @portal/event-bus.',
  shellImportsRemoteKit:
    'The shell must not import @portal/remote-kit ({{spec}}): the kit is what a remote is made of; the shell mounts remotes through single-spa, it is not one.',
  shellImportsRemote:
    'The shell must not import a remote ({{spec}}): it loads remotes at run time through module federation and /remotes.json, so a remote ships without a shell release.',
  appImportsApp: '{{from}} must not import {{target}} ({{spec}}): apps depend only on shared/* packages.',
  sharedImportsApp:
    '{{from}} must not import the app {{target}} ({{spec}}): shared packages serve every app, so dependencies point from apps to shared/*, never back.',
  widgetImportsMore:
    "The chat widget imports only @portal/contracts, not {{target}} ({{spec}}): it runs on other sites' landing pages, small and without the portal's code (no React, no antd, no bus).",
  serverImportsShared:
    'The server imports only @portal/contracts of shared/*, not {{target}} ({{spec}}): the other shared packages are browser code (React, axios, the bus) or build tooling (its tests may use the Node helpers of @portal/build); rules and messages the server needs belong in contracts.',
  leavesPackage:
    'The relative import {{spec}} leaves {{from}}: import the other package by its name, so the dependency is declared and its public surface is used.',
  deepImport:
    '{{spec}} reaches inside {{target}}: import from its index or a subpath its package.json exports, so the package can change its insides without breaking you.',
  testCodeInProduction: '{{spec}} is test code (test helpers, test files, stories): production code must not import it, or it ships in the bundles.',
  serverImportsTestCode:
    '{{spec}} is test code (the fake CRMs, the harness, test helpers and files): production server code must not import it, or a production server could run the fakes and count leads as delivered that no CRM received. The demo (server/src/demo/) and tests may.',
  demoInProduction:
    '{{spec}} is the demo (server/src/demo/, the demo seeds, the demo scripts): production server code must not import it, so that a production server has no way to create the well-known demo accounts or start the fake CRMs. Only the demo entry (npm start), tests and test helpers use it.',
};

/** The string a module-naming node carries, when it is a literal (a computed path cannot be checked). */
function literal(node) {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  if (node.type === 'TSLiteralType') return literal(node.literal);
  return undefined;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the dependency rules of ARCHITECTURE section 1 on every module path.' },
    schema: [],
    messages,
  },
  create(context) {
    const filename = context.physicalFilename ?? context.filename;
    const from = workspaceOf(filename);
    if (!from) return {}; // root tooling: scripts, jest and storybook configs
    const fromRel = relative(join(root, from), filename).split(sep).join('/');
    const demo = from === 'server' && DEMO_CODE.test(fromRel);
    const production = kind(from) !== 'outside' && fromRel.startsWith('src/') && !TEST_CODE.test(`/${fromRel}`) && !demo;

    function check(node, spec) {
      if (spec === undefined) return;
      const report = (messageId, data = {}) => context.report({ node, messageId, data: { from, spec, ...data } });
      let target;
      let targetPath; // for relative paths: the resolved path inside the target
      let pkg;
      if (spec.startsWith('.')) {
        const resolved = resolve(dirname(filename), spec);
        target = workspaceOf(resolved);
        targetPath = target ? relative(join(root, target), resolved).split(sep).join('/') : undefined;
      } else {
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
        pkg = byName.get(name);
        if (!pkg) return; // a dependency from node_modules
        target = pkg.folder;
      }

      if (target && target !== from) {
        const [a, b] = [kind(from), kind(target)];
        if (a === 'remote' && b === 'shell') return report('remoteImportsShell');
        if (a === 'remote' && b === 'remote') return report('remoteImportsRemote');
        if (a === 'shell' && b === 'remote') return report('shellImportsRemote');
        if (a === 'shell' && target === 'shared/remote-kit') return report('shellImportsRemoteKit');
        if ((a === 'remote' || a === 'shell') && b !== 'shared') return report('appImportsApp', { target });
        if (a === 'shared' && b !== 'shared') return report('sharedImportsApp', { target });
        const serverTestOfTheBuild = target === 'shared/build' && TEST_CODE.test(`/${fromRel}`);
        if (a === 'server' && target !== 'shared/contracts' && !serverTestOfTheBuild) return report('serverImportsShared', { target });
        if (a === 'widget' && production && target !== 'shared/contracts') return report('widgetImportsMore', { target });
      }
      if (!pkg && target !== from && fromRel.startsWith('src/')) return report('leavesPackage');

      if (pkg && target !== from && target !== 'shared/build') {
        const subpath = spec.slice(pkg.name.length);
        if (subpath && !pkg.subpaths.includes(`.${subpath}`)) return report('deepImport', { target: pkg.name });
      }

      if (production) {
        const testing = pkg ? /\/testing(\/|$)/.test(spec.slice(pkg.name.length)) : TEST_CODE.test(`/${targetPath ?? spec}`);
        if (testing) return report(from === 'server' ? 'serverImportsTestCode' : 'testCodeInProduction');
        if (target === 'server' && targetPath !== undefined && DEMO_CODE.test(targetPath)) report('demoInProduction');
      }
    }

    const source = (node) => check(node.source, literal(node.source));
    return {
      ImportDeclaration: source,
      ExportNamedDeclaration: (node) => node.source && source(node),
      ExportAllDeclaration: source,
      ImportExpression: source,
      TSImportEqualsDeclaration(node) {
        if (node.moduleReference.type === 'TSExternalModuleReference') check(node.moduleReference, literal(node.moduleReference.expression));
      },
      TSImportType(node) {
        check(node, literal(node.argument));
      },
      CallExpression(node) {
        const [first] = node.arguments;
        const callee = node.callee;
        const isRequire =
          (callee.type === 'Identifier' && callee.name === 'require') ||
          (callee.type === 'MemberExpression' &&
            callee.object.type === 'Identifier' &&
            callee.object.name === 'require' &&
            callee.property.name === 'resolve');
        const isJest =
          callee.type === 'MemberExpression' &&
          callee.object.type === 'Identifier' &&
          (callee.object.name === 'jest' || callee.object.name === 'vi') &&
          callee.property.type === 'Identifier' &&
          JEST_MODULE_CALLS.has(callee.property.name);
        if (isRequire || isJest) check(first, literal(first));
      },
    };
  },
};

export default { meta: { name: 'portal' }, rules: { boundaries: rule } };
