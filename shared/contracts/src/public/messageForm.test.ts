import { fieldErrors } from '../common/validation';
import { LEAD_MESSAGE_TYPES, MessageFormKind, messageFormSchema, type MessageFormInput } from './messageForm';

const visitorForm = messageFormSchema();
const branchPartnerForm = messageFormSchema({ branchPartner: true });
const quickMessageForm = messageFormSchema({ quickMessage: true });

const filled: MessageFormInput = {
  name: '张三',
  enterpriseName: '杭州某某餐饮管理有限公司',
  telephone: '13800138000',
  ...MessageFormKind.VisitorMessage,
};

describe('message form', () => {
  it("refuses an empty form with the spec's messages", () => {
    expect(fieldErrors(visitorForm, {})).toEqual({
      name: '不能为空',
      enterpriseName: '不能为空',
      telephone: '请输入手机号',
      type: '消息类型不正确',
      platform: '平台不正确',
    });
    expect(fieldErrors(visitorForm, { ...filled, name: '   ', enterpriseName: '' })).toEqual({ name: '不能为空', enterpriseName: '不能为空' });
  });

  it('marks the fields each mode requires (the asterisk of a form)', () => {
    const requiredFields = (schema: typeof visitorForm) =>
      Object.entries(schema.shape)
        .filter(([, field]) => !field.safeParse(undefined).success)
        .map(([field]) => field);
    expect(requiredFields(visitorForm)).toEqual(['name', 'enterpriseName', 'telephone', 'type', 'platform']);
    expect(requiredFields(branchPartnerForm)).toEqual(['name', 'telephone', 'type', 'platform']);
    expect(requiredFields(quickMessageForm)).toEqual(['name', 'enterpriseName', 'telephone', 'content', 'type', 'platform']);
  });

  it('bounds the names', () => {
    expect(fieldErrors(visitorForm, { ...filled, name: '名'.repeat(51), enterpriseName: '司'.repeat(101) })).toEqual({
      name: '长度在 1 到 50 个字符',
      enterpriseName: '长度在 1 到 100 个字符',
    });
    expect(fieldErrors(branchPartnerForm, { ...filled, enterpriseName: '司'.repeat(101) })).toEqual({ enterpriseName: '长度不能超过 100 个字符' });
    // U+0000 cannot be stored in PostgreSQL text.
    expect(fieldErrors(visitorForm, { ...filled, name: '张\u0000三' })).toEqual({ name: '内容包含无效字符' });
  });

  it('takes the phone rule for telephone', () => {
    expect(fieldErrors(visitorForm, { ...filled, telephone: '12800138000' })).toEqual({ telephone: '格式不正确' });
    expect(fieldErrors(visitorForm, { ...filled, telephone: '' })).toEqual({ telephone: '请输入手机号' });
  });

  it('asks no enterprise name in branch-partner mode', () => {
    expect(fieldErrors(branchPartnerForm, { ...filled, enterpriseName: undefined })).toEqual({});
    expect(fieldErrors(branchPartnerForm, { ...filled, enterpriseName: '' })).toEqual({});
    expect(fieldErrors(branchPartnerForm, { ...filled, name: '' })).toEqual({ name: '不能为空' });
  });

  it('requires the quick message content, at most 200 characters', () => {
    expect(fieldErrors(quickMessageForm, filled)).toEqual({ content: '请填写留言！' });
    expect(fieldErrors(quickMessageForm, { ...filled, content: '  ' })).toEqual({ content: '请填写留言！' });
    expect(fieldErrors(quickMessageForm, { ...filled, content: '想了解加盟'.repeat(40) })).toEqual({});
    expect(fieldErrors(quickMessageForm, { ...filled, content: `${'想了解加盟'.repeat(40)}吗` })).toEqual({ content: '最多输入200个字符' });
  });

  it('leaves the content optional elsewhere, with the same bound', () => {
    expect(fieldErrors(visitorForm, filled)).toEqual({});
    expect(fieldErrors(visitorForm, { ...filled, content: '' })).toEqual({});
    expect(fieldErrors(visitorForm, { ...filled, content: 'a'.repeat(201) })).toEqual({ content: '最多输入200个字符' });
  });

  it('accepts the codes the spec lists, as numbers or as form-post text', () => {
    expect(MessageFormKind).toEqual({
      VisitorMessage: { type: 4, platform: 1 },
      Suggestion: { type: 9, platform: 2 },
      LoggedInMessage: { type: 6, platform: 2 },
    });
    expect(LEAD_MESSAGE_TYPES).toEqual([2, 8]);
    for (const type of [1, 2, 3, 4, 6, 8, 9, 11]) expect(fieldErrors(visitorForm, { ...filled, type })).toEqual({});
    expect(fieldErrors(visitorForm, { ...filled, type: 5 })).toEqual({ type: '消息类型不正确' });
    expect(fieldErrors(visitorForm, { ...filled, type: '4.0' })).toEqual({ type: '消息类型不正确' });
    expect(fieldErrors(visitorForm, { ...filled, platform: 3 })).toEqual({ platform: '平台不正确' });

    const posted = visitorForm.parse({ ...filled, type: '2', platform: '1', strategySurveyId: '12', content: ' 请联系我 ' });
    expect(posted).toEqual({ ...filled, type: 2, platform: 1, strategySurveyId: 12, content: '请联系我' });
  });

  it('takes an optional strategy survey id', () => {
    expect(visitorForm.parse({ ...filled, strategySurveyId: '' }).strategySurveyId).toBeUndefined();
    expect(visitorForm.parse({ ...filled, strategySurveyId: 7 }).strategySurveyId).toBe(7);
    expect(fieldErrors(visitorForm, { ...filled, strategySurveyId: '0' })).toEqual({ strategySurveyId: '方案问卷编号不正确' });
    expect(fieldErrors(visitorForm, { ...filled, strategySurveyId: 'abc' })).toEqual({ strategySurveyId: '方案问卷编号不正确' });
  });
});
