// The dependency rules of ARCHITECTURE section 1, checked on every import in the sources:
// apps -> shared/*, server -> shared/contracts only; a remote never imports the shell or
// another remote; shared/* never imports an app; nobody reaches into a package's src/ (only
// its index and the subpaths its package.json `exports`, such as '@portal/api-client/testing');
// a `/testing` subpath serves tests and stories only, never production code.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { listFiles, root, workspaces } from './lib/setup.mjs';

const packageOf = {};
const subpathsOf = {}; // what a package's `exports` offers besides its index ('./testing')
for (const ws of workspaces()) {
  const pkg = JSON.parse(readFileSync(join(root, ws, 'package.json'), 'utf8'));
  packageOf[pkg.name] = ws;
  subpathsOf[pkg.name] = Object.keys(pkg.exports ?? {}).filter((key) => key !== '.');
}

const IMPORT = /(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g;

function allowed(fromWs, targetWs) {
  if (fromWs === targetWs) return true;
  if (fromWs === 'server') return targetWs === 'shared/contracts';
  if (fromWs.startsWith('shared/')) return targetWs.startsWith('shared/');
  if (fromWs === 'shell' || fromWs.startsWith('mfe-')) return targetWs.startsWith('shared/');
  return true; // e2e and bench drive the built suite from outside
}

const problems = [];
for (const ws of workspaces()) {
  for (const file of listFiles([join(root, ws)]).filter((f) => /\.(ts|tsx|js|mjs)$/.test(f))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] || match[2] || match[3];
      const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
      const target = packageOf[name];
      const where = relative(root, file);
      if (target && !allowed(ws, target)) problems.push(`${where}: ${ws} must not import ${name}`);
      const exported = spec === name || subpathsOf[name]?.includes(`.${spec.slice(name.length)}`);
      if (target && target !== ws && !exported && target !== 'shared/build') {
        problems.push(`${where}: import ${spec} reaches inside ${name}; import from the package's public index (or a subpath it exports) instead`);
      }
      if (target && /\/testing$/.test(spec) && !/\.(test|stories)\.tsx?$|\/test\//.test(where)) {
        problems.push(`${where}: ${spec} serves tests and stories only; production code must not import it`);
      }
      if (where.includes('/src/') && spec.startsWith('.') && !relative(join(root, ws), join(file, '..', spec)).split('/').every((p, i) => i > 0 || p !== '..')) {
        problems.push(`${where}: relative import ${spec} leaves its package`);
      }
    }
  }
}
if (problems.length) {
  console.error(`Architecture rules broken:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`architecture: ${Object.keys(packageOf).length} packages, dependency rules hold`);
