import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { createRoot } from 'react-dom/client';
import { registerApplication, start } from 'single-spa';

async function main() {
  const res = await fetch('/remotes.json');
  const map: Record<string, string> = await res.json();
  registerRemotes(Object.entries(map).map(([name, entry]) => ({ name, entry })));
  const el = document.getElementById('root')!;
  createRoot(el).render(<div>shell<div id="outlet" /></div>);
  registerApplication({
    name: 'reports',
    app: () => loadRemote('reports/app') as never,
    activeWhen: ['/work-bench'],
    customProps: { domElementGetter: () => document.getElementById('outlet')! },
  });
  start();
}
main();
