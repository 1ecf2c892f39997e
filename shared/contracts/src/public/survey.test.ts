import { fieldErrors } from '../common/validation';
import { loggedInSurveyAccepted, SurveyMessage, surveySchema, type SurveyInput } from './survey';

/** The fields the required fields of the spec need, as a plain HTML form posts them (all text). */
const required: SurveyInput = {
  contacts: '李四',
  mobile: '13912345678',
  itemName: '某某火锅',
  dailyMinResource: '20',
  onlineService: '1',
  productOrientation: '中高端火锅',
  products: '火锅、串串',
  competitor: '某某火锅',
};

describe('survey', () => {
  it("refuses an empty survey with '必填' and the phone rule", () => {
    expect(fieldErrors(surveySchema, {})).toEqual({
      contacts: '必填',
      mobile: '请输入手机号',
      itemName: '必填',
      dailyMinResource: '必填',
      onlineService: '必填',
      productOrientation: '必填',
      products: '必填',
      competitor: '必填',
    });
    expect(fieldErrors(surveySchema, { ...required, mobile: '1391234567' })).toEqual({ mobile: '格式不正确' });
  });

  it('marks exactly the required fields as required (the asterisk of a form)', () => {
    const requiredFields = Object.entries(surveySchema.shape)
      .filter(([, schema]) => !schema.safeParse(undefined).success)
      .map(([field]) => field);
    expect(requiredFields.sort()).toEqual(
      ['contacts', 'mobile', 'itemName', 'dailyMinResource', 'onlineService', 'productOrientation', 'products', 'competitor'].sort(),
    );
  });

  it('accepts a filled survey, posted as text or sent as JSON, and gives numbers', () => {
    const posted = {
      ...required,
      qq: '12345678',
      itemId: '3',
      filiale: '1',
      filialeCitys: '杭州、宁波',
      cooperantShop: '120',
      teamPeople: '15',
      visitingRate: '30',
      closeRate: '12.5',
      minInvestment: '10',
      maxInvestment: '30',
    };
    expect(fieldErrors(surveySchema, posted)).toEqual({});
    expect(surveySchema.parse(posted)).toMatchObject({
      itemId: 3,
      filiale: 1,
      cooperantShop: 120,
      teamPeople: 15,
      dailyMinResource: 20,
      onlineService: 1,
      visitingRate: 30,
      closeRate: 12.5,
      minInvestment: 10,
      maxInvestment: 30,
    });
    const json = {
      ...required,
      dailyMinResource: 20,
      onlineService: 0,
      cooperantShop: 120,
      visitingRate: null,
      minInvestment: 10,
      maxInvestment: 30,
    };
    expect(surveySchema.parse(json)).toMatchObject({ dailyMinResource: 20, onlineService: 0, cooperantShop: 120, visitingRate: undefined });
    expect(surveySchema.parse({ ...required, cooperantShop: '', teamPeople: '  ' })).toMatchObject({
      cooperantShop: undefined,
      teamPeople: undefined,
    });
  });

  it('bounds the lengths with the spec message', () => {
    expect(fieldErrors(surveySchema, { ...required, cooperantShop: '123456' })).toEqual({ cooperantShop: '长度在 1 到 5 个字符' });
    expect(fieldErrors(surveySchema, { ...required, teamPeople: 123456 })).toEqual({ teamPeople: '长度在 1 到 5 个字符' });
    expect(fieldErrors(surveySchema, { ...required, dailyMinResource: '123456789' })).toEqual({ dailyMinResource: '长度在 1 到 8 个字符' });
    expect(fieldErrors(surveySchema, { ...required, minInvestment: '1234567890123' })).toEqual({ minInvestment: '长度在 1 到 12 个字符' });
    expect(fieldErrors(surveySchema, { ...required, maxInvestment: '1234567890123' })).toEqual({ maxInvestment: '长度在 1 到 12 个字符' });
    expect(fieldErrors(surveySchema, { ...required, cooperantShop: '99999', dailyMinResource: '12345678', maxInvestment: '123456789012' })).toEqual(
      {},
    );
  });

  it('wants digits for the daily minimum resource, above 0', () => {
    expect(fieldErrors(surveySchema, { ...required, dailyMinResource: '二十' })).toEqual({ dailyMinResource: '请输入数字' });
    expect(fieldErrors(surveySchema, { ...required, dailyMinResource: '0' })).toEqual({ dailyMinResource: '数值必须大于0' });
    expect(fieldErrors(surveySchema, { ...required, dailyMinResource: -3 })).toEqual({ dailyMinResource: '数值必须大于0' });
  });

  it('wants the shop and team counts and the investments above 0', () => {
    for (const field of ['cooperantShop', 'teamPeople', 'minInvestment', 'maxInvestment']) {
      for (const value of ['0', 0, '-1', 'abc']) {
        expect(fieldErrors(surveySchema, { ...required, [field]: value })).toEqual({ [field]: '数值必须大于0' });
      }
      expect(fieldErrors(surveySchema, { ...required, [field]: '1' })).toEqual({});
    }
  });

  it('wants the rates above 0 and below 100', () => {
    for (const field of ['visitingRate', 'closeRate']) {
      for (const value of [0, '0', 100, '100', '100.5', -5, '三成']) {
        expect(fieldErrors(surveySchema, { ...required, [field]: value })).toEqual({ [field]: '数值必须大于0小于100' });
      }
      for (const value of [1, '0.5', 99.5, '99.5']) expect(fieldErrors(surveySchema, { ...required, [field]: value })).toEqual({});
    }
  });

  it('wants the maximum investment above the minimum, on the maximum', () => {
    expect(fieldErrors(surveySchema, { ...required, minInvestment: '30', maxInvestment: '10' })).toEqual({
      maxInvestment: '最高金额不能低于最低金额，请重新输入',
    });
    expect(fieldErrors(surveySchema, { ...required, minInvestment: 10, maxInvestment: 10 })).toEqual({ maxInvestment: SurveyMessage.MaxBelowMin });
    expect(fieldErrors(surveySchema, { ...required, minInvestment: '10', maxInvestment: '10.5' })).toEqual({});
    // Either amount alone is fine.
    expect(fieldErrors(surveySchema, { ...required, maxInvestment: '10' })).toEqual({});
    expect(fieldErrors(surveySchema, { ...required, minInvestment: '10' })).toEqual({});
  });

  it('shows the investment comparison while the rest is blank, and not over an amount that fails its own rule', () => {
    expect(fieldErrors(surveySchema, { minInvestment: '30', maxInvestment: '10' }).maxInvestment).toBe('最高金额不能低于最低金额，请重新输入');
    expect(fieldErrors(surveySchema, { ...required, minInvestment: '30', maxInvestment: '0' })).toEqual({ maxInvestment: '数值必须大于0' });
  });

  it('takes the 0/1 flags as numbers or text', () => {
    expect(fieldErrors(surveySchema, { ...required, onlineService: '2' })).toEqual({ onlineService: '必填' });
    expect(fieldErrors(surveySchema, { ...required, onlineService: 0 })).toEqual({});
    expect(fieldErrors(surveySchema, { ...required, filiale: '2' })).toEqual({ filiale: '必选' });
    expect(fieldErrors(surveySchema, { ...required, itemId: 'x' })).toEqual({ itemId: '项目不正确' });
  });
});

describe('logged-in survey submission', () => {
  it("exports the server's refusal", () => {
    expect(SurveyMessage.AddFailed).toBe('新增失败');
  });

  it('passes when the maximum investment exceeds the minimum', () => {
    expect(loggedInSurveyAccepted({ minInvestment: 10, maxInvestment: 30 })).toBe(true);
    expect(loggedInSurveyAccepted({ minInvestment: '10', maxInvestment: '30' })).toBe(true);
    expect(loggedInSurveyAccepted({ minInvestment: 30, maxInvestment: 30 })).toBe(false);
    expect(loggedInSurveyAccepted({ minInvestment: 30, maxInvestment: 10 })).toBe(false);
    expect(loggedInSurveyAccepted({ maxInvestment: 30 })).toBe(false);
  });

  it('passes when the daily minimum resource is above 0', () => {
    expect(loggedInSurveyAccepted({ dailyMinResource: 1 })).toBe(true);
    expect(loggedInSurveyAccepted({ dailyMinResource: '5', minInvestment: 30, maxInvestment: 10 })).toBe(true);
    expect(loggedInSurveyAccepted({ dailyMinResource: 0 })).toBe(false);
    expect(loggedInSurveyAccepted({ dailyMinResource: 'abc' })).toBe(false);
  });

  it('passes when both rates are above 0 and at most 100', () => {
    expect(loggedInSurveyAccepted({ visitingRate: 30, closeRate: 10 })).toBe(true);
    expect(loggedInSurveyAccepted({ visitingRate: 100, closeRate: '100' })).toBe(true);
    expect(loggedInSurveyAccepted({ visitingRate: 30 })).toBe(false);
    expect(loggedInSurveyAccepted({ visitingRate: 0, closeRate: 10 })).toBe(false);
    expect(loggedInSurveyAccepted({ visitingRate: 30, closeRate: 100.5 })).toBe(false);
  });

  it('refuses when no condition holds', () => {
    expect(loggedInSurveyAccepted({})).toBe(false);
    expect(loggedInSurveyAccepted({ minInvestment: null, maxInvestment: '', dailyMinResource: '', visitingRate: null, closeRate: null })).toBe(false);
  });

  it('passes every survey the form accepts, since the form wants a daily minimum resource above 0', () => {
    expect(loggedInSurveyAccepted(surveySchema.parse(required))).toBe(true);
  });
});
