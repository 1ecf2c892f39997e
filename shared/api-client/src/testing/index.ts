/** @portal/api-client/testing: a fake HTTP layer for tests and stories; never part of a production bundle. */
export { installFakeHttp, codeOk } from './fakeHttp';
export type { FakeHttp, FakeReply, FakeRoute, SeenRequest } from './fakeHttp';
