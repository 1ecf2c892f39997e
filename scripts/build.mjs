// `npm run build`: production builds of the shell, every remote and the chat widget (up-to-date ones are skipped;
// `--force` rebuilds all).
import { buildFrontends, ensureInstalled, log } from './lib/setup.mjs';

ensureInstalled();
const remotes = buildFrontends({ force: process.argv.includes('--force') });
log(
  `remotes.json: ${Object.entries(remotes)
    .map(([name, { version }]) => `${name} ${version}`)
    .join(', ')}`,
);
