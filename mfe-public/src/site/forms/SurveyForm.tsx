import { SITE_FORM_PATHS, SURVEY_QUESTIONS, YesNo } from '@portal/contracts/public/site';
import { useState } from 'react';
import { type FieldSpec, Fields } from './fields';
import { Honeypot, SendButton, Status } from './parts';
import { useSiteForm } from './useSiteForm';

type Question = keyof typeof SURVEY_QUESTIONS;

const YES_NO = [
  { value: YesNo.Yes, label: '是' },
  { value: YesNo.No, label: '否' },
];

/** How each question is asked: required ones (spec 000 section 5) marked, long answers in a text area, the flags as 是/否. */
const ASKED: ReadonlyArray<[Question, Omit<FieldSpec, 'name' | 'label'>]> = [
  ['contacts', { required: true, maxLength: 50 }],
  ['mobile', { required: true, kind: 'tel', maxLength: 11 }],
  ['qq', { maxLength: 20 }],
  ['itemName', { required: true, maxLength: 100 }],
  ['webSite', { maxLength: 200 }],
  ['regtime', { maxLength: 50 }],
  ['brands', { maxLength: 200 }],
  ['popularizeTimeSpan', { maxLength: 50 }],
  ['popularizeTime', { maxLength: 50 }],
  ['filiale', { kind: 'radio', options: YES_NO }],
  ['filialeCitys', { kind: 'textarea', maxLength: 500 }],
  ['joinWebSite', { maxLength: 200 }],
  ['cooperantShop', { maxLength: 5 }],
  ['teamPeople', { maxLength: 5 }],
  ['dailyMinResource', { required: true, maxLength: 8 }],
  ['onlineService', { required: true, kind: 'radio', options: YES_NO }],
  ['visitingRate', { maxLength: 10 }],
  ['closeRate', { maxLength: 10 }],
  ['productOrientation', { required: true, kind: 'textarea', maxLength: 500 }],
  ['products', { required: true, kind: 'textarea', maxLength: 500 }],
  ['genderRation', { maxLength: 50, placeholder: '如：男60% 女40%' }],
  ['ageSegment', { maxLength: 50, placeholder: '如：25-35岁' }],
  ['advantage', { kind: 'textarea', maxLength: 500 }],
  ['minInvestment', { maxLength: 12 }],
  ['maxInvestment', { maxLength: 12 }],
  ['joinPolicy', { kind: 'textarea', maxLength: 500 }],
  ['competitor', { required: true, kind: 'textarea', maxLength: 500 }],
  ['tvCompetitor', { kind: 'textarea', maxLength: 500 }],
];
const FIELDS: readonly FieldSpec[] = ASKED.map(([name, spec]) => ({ name, label: SURVEY_QUESTIONS[name], ...spec }));

export const SurveyText = { Submit: '提交问卷', Done: '问卷已提交，感谢您的配合！' } as const;

/**
 * The customer survey (questionnaire, spec 000 sections 3 and 5) with every field and rule. A
 * visitor's goes through the public call; a logged-in customer's through the login-based one,
 * which the server accepts only under the spec's condition (else '新增失败').
 */
export function SurveyForm({ loggedIn, id }: { loggedIn: boolean; id: string }) {
  const [done, setDone] = useState(false);
  const { errors, status, onSubmit } = useSiteForm<{ id: number }>({
    url: loggedIn ? SITE_FORM_PATHS.survey.customer : SITE_FORM_PATHS.survey.visitor,
    loadCheck: async () => {
      const [{ fieldErrors }, endpoints] = await Promise.all([import('@portal/contracts/public'), import('@portal/contracts/endpoints')]);
      const schema = loggedIn ? endpoints.loggedInSurveyBodySchema : endpoints.publicSurveyBodySchema;
      return (values) => fieldErrors(schema, values);
    },
    onDone: () => setDone(true),
  });
  if (done) return <Status status={{ state: 'done', message: SurveyText.Done }} />;
  return (
    <form className="site-form" method="post" action={SITE_FORM_PATHS.survey.visitor} onSubmit={onSubmit} noValidate>
      <Honeypot />
      <Fields form={id} fields={FIELDS} errors={errors} />
      <Status status={status} />
      <SendButton sending={status.state === 'sending'} label={SurveyText.Submit} />
    </form>
  );
}
