import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  parseRemotesIndex,
  publishedDeclarationSchema,
  remoteFiles,
  type PublishedDeclaration,
  type RemotePointer,
} from '../../shared/contracts/src/remotes/schemas';

/** The built suite the journeys' server serves (the server's STATIC_ROOT default). */
export const DIST = join(__dirname, '../../dist');

/** The file under dist/ a served path (`/remotes/...`, `/remotes.json`) comes from. */
export const distFile = (servedPath: string): string =>
  servedPath.startsWith('/remotes/') ? join(DIST, servedPath) : join(DIST, 'shell', servedPath);

/** The pointers of the served `/remotes.json`. */
export function servedPointers(): Record<string, RemotePointer> {
  return parseRemotesIndex(JSON.parse(readFileSync(distFile('/remotes.json'), 'utf8'))).pointers;
}

/** The declarations of the remotes the built portal runs, as the shell reads them. */
export function servedRemotes(): PublishedDeclaration[] {
  return Object.entries(servedPointers()).map(([name, pointer]) =>
    publishedDeclarationSchema.parse(JSON.parse(readFileSync(distFile(remoteFiles(name, pointer).declaration), 'utf8'))),
  );
}
