import { SURVEY_QUESTIONS } from '@portal/contracts/endpoints';
import { ageBucket, computePlanReport, genderShares, MIN_SAMPLES, type ReportSample, smoothed, wholePercents } from './report';
import { provinceOf } from './service';

const form = { money: 2 as const, comAdress: '北京市', sonCompanys: ['上海市'] };
const chat = (sex: string, budget: string, province = '北京'): ReportSample => ({
  province,
  content: JSON.stringify({ sex, budget }),
  questionnaire: null,
});
const surveyed = (ratio: string, ages: string): ReportSample => ({
  province: null,
  content: '想加盟',
  questionnaire: JSON.stringify([
    { question: SURVEY_QUESTIONS.genderRation, answer: ratio },
    { question: SURVEY_QUESTIONS.ageSegment, answer: ages },
  ]),
});

describe('the plan report', () => {
  it("is the priors and the form's own budget and region without samples", () => {
    expect(computePlanReport(form, [])).toEqual({
      budget: '11-15万元',
      region: '北京市、上海市',
      percent: { male: 50, female: 50, age0: 8, age1: 32, age2: 32, age3: 18, age4: 10, education0: 35, education1: 35, education2: 30 },
    });
  });

  it('follows the samples: gender and age from leads and questionnaires, budget and region once there are enough', () => {
    const samples = [
      ...Array.from({ length: 30 }, () => chat('男', '10-20万', '广东')),
      ...Array.from({ length: 10 }, () => chat('女', '5-10万', '浙江')),
      surveyed('男6女4', '25-35岁'),
    ];
    const report = computePlanReport(form, samples);
    expect(report.percent.male).toBeGreaterThanOrEqual(65);
    expect(report.percent.male + report.percent.female).toBe(100);
    expect(report.percent.age2).toBeGreaterThan(32);
    expect(report.budget).toBe('10-20万');
    expect(report.region).toBe('广东、浙江');
  });

  it("keeps the form's budget and region below MIN_SAMPLES, and ignores unreadable content", () => {
    const few = Array.from({ length: MIN_SAMPLES - 1 }, () => chat('女', '50万以上', '上海'));
    const report = computePlanReport(form, [...few, { province: null, content: '{bad', questionnaire: 'nope' }]);
    expect(report.budget).toBe('11-15万元');
    expect(report.region).toBe('北京市、上海市');
    expect(report.percent.female).toBeGreaterThan(50);
  });

  it('reads gender ratios, age segments and provinces', () => {
    expect(genderShares('男60% 女40%')).toEqual([0.6, 0.4]);
    expect(genderShares('女性占70%')).toEqual([expect.closeTo(0.3), 0.7]);
    expect(genderShares('差不多')).toBeNull();
    expect(ageBucket('25-35岁')).toBe(2);
    expect(ageBucket('18岁')).toBe(0);
    expect(ageBucket('50岁以上')).toBe(4);
    expect(ageBucket('年轻人')).toBeNull();
    expect(provinceOf('广东省 深圳市')).toBe('广东');
    expect(provinceOf('北京市/朝阳区')).toBe('北京');
  });

  it('rounds to whole percents summing to 100', () => {
    expect(wholePercents([1, 1, 1])).toEqual([34, 33, 33]);
    expect(smoothed([0, 0], [50, 50])).toEqual([50, 50]);
    expect(wholePercents([0, 0])).toEqual([0, 0]);
  });
});
