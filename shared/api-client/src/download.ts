import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from '@portal/contracts';
import { getEventBus } from '@portal/event-bus';
import { ApiClientMessage, ApiError, ApiErrorCode, answerError } from './ApiError';
import { browserCurrentPath, browserNavigate, clearLoginCookie, createUnauthorizedHandler, type UnauthorizedAnswer } from './unauthorized';

let pageUnauthorized: ((answer: UnauthorizedAnswer) => void) | undefined;

/**
 * A download's 401 ends the session as the page's apiClient does (clear it, publish logout, go to
 * the location header or '/'), made on first use so that it runs on the page's bus and location.
 * Its 500 ms guard is its own: a download is one user action, not one of a burst of calls.
 */
const onUnauthorized = (answer: UnauthorizedAnswer): void => {
  pageUnauthorized ??= createUnauthorizedHandler({
    navigate: browserNavigate,
    currentPath: browserCurrentPath,
    clearSession: clearLoginCookie,
    eventBus: getEventBus(),
    now: Date.now,
  });
  pageUnauthorized(answer);
};

const networkError = (cause: unknown): ApiError => new ApiError(0, ApiErrorCode.Network, ApiClientMessage.NetworkError, { cause });

/** Decodes the value of an RFC 5987 `filename*` (charset'language'percent-encoded); undefined when it cannot. */
function extendedValue(charset: string, encoded: string): string | undefined {
  try {
    const name = charset.toLowerCase();
    if (name === 'utf-8') return decodeURIComponent(encoded);
    // The only other charset RFC 5987 names: one byte per character.
    if (name === 'iso-8859-1') return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } catch {
    // A malformed escape: fall back to the plain filename.
  }
  return undefined;
}

/**
 * The file name a Content-Disposition header gives: the RFC 5987 `filename*` (where the server puts
 * the Chinese name) decoded, else the plain `filename`, else '' (the browser then names the file).
 */
function fileNameOf(header: string | null): string {
  if (!header) return '';
  const extended = /(?:^|;)\s*filename\*\s*=\s*"?([\w!#$%&+^`{}~-]+)'[^']*'([^;"\s]+)/i.exec(header);
  const decoded = extended ? extendedValue(extended[1], extended[2]) : undefined;
  if (decoded) return decoded;
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  if (!plain) return '';
  return plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2];
}

/** Saves `blob` as `name` the way a link with `download` does. */
function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // The click has already resolved the blob URL (HTML's "download the hyperlink" parses it
    // before going on in parallel), so revoking it now only frees the blob once the file is saved.
    URL.revokeObjectURL(url);
  }
}

/**
 * Downloads a file from the API (an xlsx report, a CSV export) as a link with `download` would, but
 * fetched first: a link saves whatever answers, so a refusal (429 with Retry-After when a session
 * already runs two reports or exports, a 400, a 5xx) would become a JSON file. Here a refusal
 * rejects with ApiError carrying the server's code and Chinese message for the page to show; a
 * 401 also ends the session as the apiClient does; no answer rejects with 网络异常，请稍后再试.
 * The file is named by the answer's Content-Disposition.
 */
export async function downloadFile(url: string): Promise<void> {
  let response: Response;
  try {
    // The apiClient's header too: the server's guard of side-effect calls accepts it.
    response = await fetch(url, { credentials: 'same-origin', headers: { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE } });
  } catch (error) {
    throw networkError(error);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    const error = answerError(response.status, body);
    if (response.status === 401 || response.status === 302) onUnauthorized({ headers: { location: response.headers.get('location') ?? undefined } });
    throw error;
  }
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (error) {
    // The connection broke while the file was coming.
    throw networkError(error);
  }
  save(blob, fileNameOf(response.headers.get('content-disposition')));
}
