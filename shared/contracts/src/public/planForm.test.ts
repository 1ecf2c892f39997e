import { fieldErrors } from '../common/validation';
import { planFormSchema, type PlanFormInput, planReportSchema } from './planForm';
import { AGE_BUCKETS, EDUCATION_BUCKETS, GENDER_BUCKETS, INVESTMENT_FEE_OPTIONS, investmentFeeLabel } from './site';

const filled: PlanFormInput = {
  brand: '某某奶茶',
  industry: '餐饮',
  comAdress: '浙江省/杭州市',
  hasBranch: 0,
  money: 2,
  people: '12',
  comBrand: ['某某茶饮'],
  telephone: '13800138000',
};

describe('plan form', () => {
  it("refuses an empty form with the spec's messages", () => {
    expect(fieldErrors(planFormSchema, {})).toEqual({
      brand: '请填写品牌名称',
      industry: '必选',
      comAdress: '请选择公司所在地',
      hasBranch: '必选',
      money: '请选择投资费用',
      people: '请输入团队人数',
      telephone: '请输入手机号',
    });
    expect(fieldErrors(planFormSchema, { ...filled, telephone: '23800138000' })).toEqual({ telephone: '格式不正确' });
  });

  it('accepts a filled form, and gives numbers for a form post', () => {
    expect(fieldErrors(planFormSchema, filled)).toEqual({});
    const posted = planFormSchema.parse({ ...filled, hasBranch: '1', sonCompanys: '宁波市', money: '7', people: '8', comBrand: ' 某某茶饮 ' });
    expect(posted).toEqual({ ...filled, hasBranch: 1, sonCompanys: ['宁波市'], money: 7, people: 8, comBrand: ['某某茶饮'] });
    expect(planFormSchema.parse({ ...filled, comBrand: undefined })).toMatchObject({ sonCompanys: [], comBrand: [] });
  });

  it('bounds the brand to 1-50 characters', () => {
    expect(fieldErrors(planFormSchema, { ...filled, brand: '  ' })).toEqual({ brand: '请填写品牌名称' });
    expect(fieldErrors(planFormSchema, { ...filled, brand: '品'.repeat(50) })).toEqual({});
    expect(fieldErrors(planFormSchema, { ...filled, brand: '品'.repeat(51) })).toEqual({ brand: '长度在 1 到 50 个字符' });
  });

  it('wants the team size as a number above 0 of 1-10 characters', () => {
    for (const people of ['0', 0, '-2', '十人'])
      expect(fieldErrors(planFormSchema, { ...filled, people })).toEqual({ people: '数值必须是大于0的数字' });
    expect(fieldErrors(planFormSchema, { ...filled, people: '12345678901' })).toEqual({ people: '长度在 1 到 10 个字符' });
    expect(fieldErrors(planFormSchema, { ...filled, people: '' })).toEqual({ people: '请输入团队人数' });
    expect(planFormSchema.parse({ ...filled, people: 1234567890 }).people).toBe(1234567890);
  });

  it('wants branch locations only when there are branches', () => {
    expect(fieldErrors(planFormSchema, { ...filled, hasBranch: 1 })).toEqual({ sonCompanys: '请选择分公司所在地' });
    expect(fieldErrors(planFormSchema, { ...filled, hasBranch: '1', sonCompanys: [] })).toEqual({ sonCompanys: '请选择分公司所在地' });
    const oneBlank = planFormSchema.safeParse({ ...filled, hasBranch: 1, sonCompanys: ['宁波市', ' '] });
    expect(oneBlank.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['sonCompanys', 1], message: '请选择分公司所在地' },
    ]);
    expect(fieldErrors(planFormSchema, { ...filled, hasBranch: 1, sonCompanys: ['宁波市', '温州市'] })).toEqual({});
    expect(fieldErrors(planFormSchema, { ...filled, hasBranch: 0, sonCompanys: [''] })).toEqual({});
    expect(fieldErrors(planFormSchema, { ...filled, hasBranch: 2 })).toEqual({ hasBranch: '必选' });
    // The branches are checked even while the rest of the form is blank.
    expect(fieldErrors(planFormSchema, { hasBranch: 1, sonCompanys: [''] }).sonCompanys).toBe('请选择分公司所在地');
  });

  it('wants each competitor brand filled', () => {
    const oneBlank = planFormSchema.safeParse({ ...filled, comBrand: ['某某茶饮', ''] });
    expect(oneBlank.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([{ path: ['comBrand', 1], message: '请填写竞争品牌' }]);
    expect(fieldErrors(planFormSchema, { ...filled, comBrand: '' })).toEqual({ comBrand: '请填写竞争品牌' });
    expect(fieldErrors(planFormSchema, { ...filled, comBrand: [] })).toEqual({});
  });

  it('offers the eight investment fees, and takes only those', () => {
    expect(INVESTMENT_FEE_OPTIONS.map(({ value, label }) => `${value}:${label}`)).toEqual([
      '0:1-5万元',
      '1:6-10万元',
      '2:11-15万元',
      '3:16-20万元',
      '4:21-25万元',
      '5:26-30万元',
      '6:30-100万元',
      '7:100万元以上',
    ]);
    expect(investmentFeeLabel(6)).toBe('30-100万元');
    expect(investmentFeeLabel(8)).toBe('');
    expect(fieldErrors(planFormSchema, { ...filled, money: '0' })).toEqual({});
    for (const money of [8, '8', -1, '', null]) expect(fieldErrors(planFormSchema, { ...filled, money })).toEqual({ money: '请选择投资费用' });
  });
});

describe('plan report', () => {
  it('reads the report and labels its buckets', () => {
    const report = {
      budget: '11-15万元',
      region: '华东',
      percent: { male: 45, female: 55, age0: 8, age1: 35, age2: 30, age3: 17, age4: 10, education0: 30, education1: 40, education2: 30 },
    };
    expect(planReportSchema.parse(report)).toEqual(report);
    expect(planReportSchema.safeParse({ ...report, percent: { ...report.percent, age4: undefined } }).success).toBe(false);

    const shown = (buckets: typeof AGE_BUCKETS) => buckets.map(({ key, label }) => `${label} ${report.percent[key]}%`);
    expect(shown(GENDER_BUCKETS)).toEqual(['男 45%', '女 55%']);
    expect(shown(AGE_BUCKETS)).toEqual(['20岁以下 8%', '20-29岁 35%', '30-39岁 30%', '40-49岁 17%', '50岁及以上 10%']);
    expect(shown(EDUCATION_BUCKETS)).toEqual(['高中及以下 30%', '大专 40%', '本科及以上 30%']);
  });
});

describe('a body that is no object', () => {
  it.each([null, 7, 'text', ['a']])('%p is refused, never thrown on, by the plan form and the survey', async (value) => {
    const { surveySchema } = await import('./survey');
    expect(planFormSchema.safeParse(value).success).toBe(false);
    expect(surveySchema.safeParse(value).success).toBe(false);
  });
});
