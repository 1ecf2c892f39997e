import { CRM_CODES, type CrmCode } from '@portal/contracts';
import { fakeContext, startFakeCrm, startRecordingServer, type FakeCrm, type RecordingServer } from '../../../test/fake-crm';
import { CRM_BODY_MAX_BYTES, CrmAnswerMessage } from '../limits';
import { connectorFor } from './index';
import { recordFactory } from './testing';

/**
 * Every connector against a CRM turned hostile: a redirect is never followed (nothing reaches the
 * other host) and is a refusal naming its status; an endless answer is read no further than the cap.
 */

const { record } = recordFactory('138');
/** Over 25 times the cap: read whole, it would take hundreds of MB. */
const HUGE_BYTES = 200 * 1024 * 1024;

describe.each(CRM_CODES as readonly CrmCode[])('the %s connector against a hostile CRM', (code) => {
  const connector = connectorFor(code);
  let fake: FakeCrm;
  let elsewhere: RecordingServer;

  beforeAll(async () => {
    [fake, elsewhere] = await Promise.all([startFakeCrm(code), startRecordingServer()]);
  });
  afterAll(async () => {
    await Promise.all([fake?.close(), elsewhere?.close()]);
  });
  beforeEach(() => {
    fake.reset();
    elsewhere.received.length = 0;
  });

  it.each([301, 302, 307])(
    'refuses a %s redirect to another host: the push, the account check and a discovery call, and sends it nothing',
    async (status) => {
      const reason = CrmAnswerMessage.redirect(status);
      fake.fail({ kind: 'redirect', status, location: `${elsewhere.url}steal?x=1` });

      expect(await connector.push(fake.credentials, [record(1)], fakeContext(fake))).toEqual([{ kind: 'refused', reason }]);
      await expect(connector.verify(fake.credentials, fakeContext(fake))).rejects.toMatchObject({
        name: 'CrmCallError',
        message: reason,
        cause: 'answer',
      });
      await expect(connector.fields(fake.credentials, fakeContext(fake))).rejects.toMatchObject({
        name: 'CrmCallError',
        message: reason,
        cause: 'answer',
      });

      expect(Object.values(fake.calls).reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(3);
      expect(elsewhere.received).toEqual([]);
    },
  );

  it('stops reading an endless answer at the cap: the call fails with the cap named, having read little more than the cap', async () => {
    fake.fail({ kind: 'hugeBody', bytes: HUGE_BYTES });
    const call = connector.fields(fake.credentials, fakeContext(fake, { timeoutMs: 60_000 }));
    await expect(call).rejects.toMatchObject({ name: 'CrmCallError', message: CrmAnswerMessage.tooLarge, cause: 'answer' });
    const written = await fake.streamedBytes();
    // What the fake wrote before the socket closed: the cap, plus what the loopback socket's buffers held.
    expect(written).toBeGreaterThan(CRM_BODY_MAX_BYTES);
    expect(written).toBeLessThan(4 * CRM_BODY_MAX_BYTES);
  });

  it('refuses a push whose answer is endless, with the cap named', async () => {
    fake.fail({ kind: 'hugeBody', bytes: HUGE_BYTES });
    const outcomes = await connector.push(fake.credentials, [record(2)], fakeContext(fake, { timeoutMs: 60_000 }));
    expect(outcomes).toEqual([{ kind: 'refused', reason: CrmAnswerMessage.tooLarge }]);
    expect(await fake.streamedBytes()).toBeLessThan(4 * CRM_BODY_MAX_BYTES);
  });
});
