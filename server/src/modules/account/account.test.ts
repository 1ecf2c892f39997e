import { AccountMessage, AVATAR_MAX_BYTES, CommonMessage } from '@portal/contracts';
import { ServerMessage } from '../../http/messages';
import { GIF, JPEG, multipart, PNG, WEBP } from '../../test/fixtures';
import { dialects, expectError, type TestClient, useDemoApp } from '../../test/harness';
import { detectImageType } from './image';

const ACCOUNT = '/rest/customer/account';
const VOICE = '/rest/customer/account/voice';
const AVATAR = '/rest/customer/account/avatar';
const FIRST_LOGIN = '/rest/customer/account/first-login';
const USER_INFO = '/rest/customer/user-info';

const upload = (client: TestClient, part: Parameters<typeof multipart>[0]) => {
  const { payload, headers } = multipart(part);
  return client.post(AVATAR, payload, { headers });
};

describe('detectImageType', () => {
  it('reads the type from the bytes', () => {
    expect([PNG, JPEG, GIF, WEBP].map(detectImageType)).toEqual(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe.each(dialects())('account on %s', (dialect) => {
  const s = useDemoApp(dialect);

  it('answers the account info of the logged-in customer only', async () => {
    const mine = await s.a.get(ACCOUNT);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({
      loginAccount: 'demo',
      registerTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      whetherVoice: 0,
      headPic: null,
    });
    expect((await s.b.get(ACCOUNT)).json().loginAccount).toBe('demo2');
  });

  it('needs a session for every account call', async () => {
    const anonymous = s.t.client();
    for (const response of [
      await anonymous.get(ACCOUNT),
      await anonymous.put(VOICE, { whetherVoice: 1 }),
      await upload(anonymous, { bytes: PNG }),
      await anonymous.get(AVATAR),
      await anonymous.put(FIRST_LOGIN),
    ]) {
      expectError(response, 401, CommonMessage.NotLoggedIn);
    }
  });

  describe('sound reminder', () => {
    it('switches the reminder of this customer only', async () => {
      const response = await s.a.put(VOICE, { whetherVoice: 1 });
      expect(response.json()).toEqual({ code: '200', message: AccountMessage.VoiceSaved, data: { whetherVoice: 1 } });
      expect((await s.a.get(USER_INFO)).json().data.whetherVoice).toBe(1);
      expect((await s.b.get(ACCOUNT)).json().whetherVoice).toBe(1); // demo2's seeded value, unchanged
      await s.b.put(VOICE, { whetherVoice: 0 });
      expect((await s.a.get(ACCOUNT)).json().whetherVoice).toBe(1);
      await s.a.put(VOICE, { whetherVoice: 0 });
    });

    it('refuses anything but 0 or 1', async () => {
      for (const body of [{}, { whetherVoice: 2 }, { whetherVoice: '1' }, { whetherVoice: null }, { whetherVoice: 'x'.repeat(10_000) }]) {
        expectError(await s.a.put(VOICE, body), 400, '提醒设置不正确');
      }
      expectError(await s.a.put(VOICE, 'not json', { headers: { 'content-type': 'application/json' } }), 400);
    });

    it('requires X-Requested-With', async () => {
      expectError(await s.a.put(VOICE, { whetherVoice: 1 }, { withoutRequestedWith: true }), 403, CommonMessage.MissingRequestedWith);
      expect((await s.a.get(ACCOUNT)).json().whetherVoice).toBe(0);
    });
  });

  describe('avatar', () => {
    it('answers 404 before any upload', async () => {
      expectError(await s.b.get(AVATAR), 404, ServerMessage.AvatarNotFound);
    });

    it('stores each accepted type and serves it back with the type its bytes have', async () => {
      for (const [bytes, type] of [
        [JPEG, 'image/jpeg'],
        [GIF, 'image/gif'],
        [WEBP, 'image/webp'],
        [PNG, 'image/png'],
      ] as const) {
        // The declared type is deliberately wrong: only the bytes count.
        const response = await upload(s.a, { bytes, contentType: 'application/octet-stream', filename: 'x.bin' });
        expect(response.statusCode).toBe(200);
        const { code, message, data } = response.json();
        expect({ code, message }).toEqual({ code: '200', message: AccountMessage.AvatarUploaded });
        expect(data.headPic).toMatch(/^\/rest\/customer\/account\/avatar\?v=\d+$/);

        const served = await s.a.get(data.headPic);
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe(type);
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        expect(served.rawPayload.equals(bytes)).toBe(true);
      }
    });

    it('changes the URL on each upload and reports it in the user info and account info', async () => {
      const first = (await upload(s.a, { bytes: PNG })).json().data.headPic;
      const second = (await upload(s.a, { bytes: PNG })).json().data.headPic;
      expect(second).not.toBe(first);
      const user = (await s.a.get(USER_INFO)).json().data;
      expect([user.headPic, user.thumbnail]).toEqual([second, second]);
      expect((await s.a.get(ACCOUNT)).json().headPic).toBe(second);
    });

    it("never shows one customer's avatar to another", async () => {
      await upload(s.a, { bytes: PNG });
      expectError(await s.b.get(AVATAR), 404, ServerMessage.AvatarNotFound);
      const headPic = (await s.a.get(ACCOUNT)).json().headPic as string;
      expectError(await s.b.get(headPic), 404);
      expect((await s.b.get(ACCOUNT)).json().headPic).toBeNull();

      await upload(s.b, { bytes: GIF });
      expect((await s.b.get(AVATAR)).headers['content-type']).toBe('image/gif');
      expect((await s.a.get(AVATAR)).headers['content-type']).toBe('image/png');
    });

    it('refuses a file of 2 MB or more', async () => {
      for (const size of [AVATAR_MAX_BYTES, AVATAR_MAX_BYTES + 1, AVATAR_MAX_BYTES * 3]) {
        const bytes = Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);
        expectError(await upload(s.b, { bytes }), 400, AccountMessage.AvatarTooLarge);
      }
      const justUnder = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES - 1 - PNG.length)]);
      expect((await upload(s.b, { bytes: justUnder })).statusCode).toBe(200);
    });

    it('refuses what is not an image, whatever it claims to be', async () => {
      const fakes = [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        Buffer.from('<html><body>hi</body></html>'),
        Buffer.from('MZ\x90\x00 not an exe'),
        Buffer.alloc(0),
      ];
      for (const bytes of fakes) expectError(await upload(s.b, { bytes, contentType: 'image/png' }), 400, AccountMessage.AvatarWrongType);
    });

    it('refuses a request without the file part', async () => {
      expectError(await upload(s.b, { bytes: PNG, field: 'avatar' }), 400, ServerMessage.AvatarMissing);
      expectError(await s.b.post(AVATAR, { file: 'iVBORw0KGgo=' }), 400, ServerMessage.AvatarMissing);
      expectError(await s.b.post(AVATAR), 400, ServerMessage.AvatarMissing);
      const broken = await s.b.post(AVATAR, '--nope\r\n', { headers: { 'content-type': 'multipart/form-data; boundary=abc' } });
      expectError(broken, 400);
    });
  });

  describe('first-login guide', () => {
    it('clears the flag of this customer only', async () => {
      await s.t.db.updateTable('customers').set({ firstLogin: 1 }).where('loginAccount', '=', 'demo2').execute();
      expect((await s.a.get(USER_INFO)).json().data.firstLoginStutes).toBe(1);
      const response = await s.a.put(FIRST_LOGIN);
      expect(response.json()).toEqual({ code: '200', message: CommonMessage.OperationSucceeded, data: null });
      expect((await s.a.get(USER_INFO)).json().data.firstLoginStutes).toBe(0);
      expect((await s.b.get(USER_INFO)).json().data.firstLoginStutes).toBe(1);
    });
  });
});
