import type { PlanReport } from '@portal/contracts/public';
import { MessageForm, type MessageScene } from '../forms/MessageForm';
import { PlanForm } from '../forms/PlanForm';
import { PlanReportView } from '../forms/PlanReportView';
import { SurveyForm } from '../forms/SurveyForm';
import { Layout } from '../Layout';
import { SiteText } from '../texts';
import { idOf, type SitePage, type SiteState } from '../types';

const SCENES: Readonly<Record<MessageScene, string>> = {
  diagnosis: SiteText.Diagnosis,
  partner: SiteText.BranchPartner,
  message: SiteText.LeaveMessage,
  contact: SiteText.Contact,
};
const sceneOf = (query: Readonly<Record<string, string>>): MessageScene =>
  query.scene && query.scene in SCENES ? (query.scene as MessageScene) : 'diagnosis';

export const DiagnosisText = {
  Intro: '留下您的项目信息，招商顾问将在一个工作日内为您免费诊断招商现状并给出建议。',
} as const;

/** 项目诊断 and the other message forms as a page (what the home page's buttons open without a script). */
function Diagnosis({ state }: { state: SiteState<{ scene: MessageScene }> }) {
  const { scene } = state.data;
  return (
    <Layout state={state}>
      <div className="wrap page">
        <h1 id={`page-${scene}-title`}>{SCENES[scene]}</h1>
        <p>{DiagnosisText.Intro}</p>
        <MessageForm scene={scene} loggedIn={state.loggedIn} id={`page-${scene}`} />
      </div>
    </Layout>
  );
}

export const diagnosisPage: SitePage<{ scene: MessageScene }> = {
  path: '/diagnosis',
  load: async (_api, query) => ({ scene: sceneOf(query) }),
  title: (data, site) => `${SCENES[data.scene]} - ${site.brandName}`,
  description: () => DiagnosisText.Intro,
  Component: Diagnosis,
};

export const PlanPageText = {
  Title: '免费获取招商方案',
  Intro: '填写品牌与招商信息，系统根据同行业、同地区的真实留言数据为您生成投放建议与目标人群画像。',
} as const;

interface PlanPageData {
  /** The report of `?id=&token=` (after a form post without a script, or a reload). */
  saved: { brand: string; report: PlanReport } | null;
}

/** The strategy-survey page: the plan form, then its report. */
function StrategySurvey({ state }: { state: SiteState<PlanPageData> }) {
  const { saved } = state.data;
  return (
    <Layout state={state}>
      <div className="wrap page">
        <h1>{PlanPageText.Title}</h1>
        {saved ? (
          <PlanReportView brand={saved.brand} report={saved.report} />
        ) : (
          <>
            <p>{PlanPageText.Intro}</p>
            <PlanForm loggedIn={state.loggedIn} id="page-plan" />
          </>
        )}
      </div>
    </Layout>
  );
}

export const strategySurveyPage: SitePage<PlanPageData> = {
  path: '/free-plan',
  load: async (api, query) => {
    const id = idOf(query);
    if (id === null || !/^[0-9a-f]{32}$/.test(query.token ?? '')) return { saved: null };
    const answer = await api.get<{ brand: string; report: PlanReport }>(`/public/strategy-surveys/${id}`, { token: query.token! });
    return answer.status === 200 ? { saved: { brand: answer.data.brand, report: answer.data.report } } : null;
  },
  title: (_data, site) => `${PlanPageText.Title} - ${site.brandName}`,
  description: () => PlanPageText.Intro,
  Component: StrategySurvey,
};

export const SurveyPageText = {
  Title: '客户问卷',
  Intro: '请填写您的品牌与招商现状，我们将据此为您定制投放方案。带 * 的为必填项。',
} as const;

/** The customer survey as a page (what the home page's 客户问卷 opens without a script). */
function Survey({ state }: { state: SiteState<Record<string, never>> }) {
  return (
    <Layout state={state}>
      <div className="wrap page">
        <h1>{SurveyPageText.Title}</h1>
        <p>{SurveyPageText.Intro}</p>
        <SurveyForm loggedIn={state.loggedIn} id="page-survey" />
      </div>
    </Layout>
  );
}

export const surveyPage: SitePage<Record<string, never>> = {
  path: '/survey',
  load: async () => ({}),
  title: (_data, site) => `${SurveyPageText.Title} - ${site.brandName}`,
  description: () => SurveyPageText.Intro,
  Component: Survey,
};

export const FormResultText = {
  Ok: '提交成功，我们的顾问会尽快与您联系。',
  Failed: '提交未成功',
  Back: '返回修改',
  PlanReady: '您的招商方案已生成：',
  SeePlan: '查看方案',
} as const;

interface FormResult {
  ok: boolean;
  error: string | null;
  plan: { id: string; token: string } | null;
  /** The form's page, to fill it again. */
  back: string;
}

/** The page of each form a post comes from (`?form=`). */
const FORM_PAGES: Readonly<Record<string, string>> = {
  diagnosis: '/diagnosis',
  partner: '/diagnosis?scene=partner',
  message: '/diagnosis?scene=message',
  contact: '/diagnosis?scene=contact',
  plan: '/free-plan',
  survey: '/survey',
};

/** What a form post without a script lands on (the server's 303): the success, or the refusal with a way back. */
function Result({ state }: { state: SiteState<FormResult> }) {
  const { ok, error, plan, back } = state.data;
  return (
    <Layout state={state}>
      <div className="wrap page">
        {ok ? (
          <>
            <h1>{FormResultText.Ok}</h1>
            {plan ? (
              <p>
                {FormResultText.PlanReady}
                <a href={`/free-plan?id=${plan.id}&token=${plan.token}`}>{FormResultText.SeePlan}</a>
              </p>
            ) : null}
            <p>
              <a href="/">{SiteText.BackHome}</a>
            </p>
          </>
        ) : (
          <>
            <h1>{FormResultText.Failed}</h1>
            <p className="notice bad" role="alert">
              {error}
            </p>
            <p>
              <a href={back}>{FormResultText.Back}</a>
            </p>
          </>
        )}
      </div>
    </Layout>
  );
}

export const formResultPage: SitePage<FormResult> = {
  path: '/form-result',
  load: async (_api, query) => {
    const ok = query.ok === '1';
    const id = idOf(query);
    const plan = ok && id !== null && /^[0-9a-f]{32}$/.test(query.token ?? '') ? { id, token: query.token! } : null;
    const error = ok ? null : (query.error ?? '').slice(0, 200) || FormResultText.Failed;
    return { ok, error, plan, back: FORM_PAGES[query.form ?? ''] ?? '/diagnosis' };
  },
  title: (data, site) => `${data.ok ? FormResultText.Ok : FormResultText.Failed} - ${site.brandName}`,
  description: () => FormResultText.Ok,
  Component: Result,
};

function NotFound({ state }: { state: SiteState<Record<string, never>> }) {
  return (
    <Layout state={state}>
      <div className="wrap page">
        <h1>{SiteText.NotFoundTitle}</h1>
        <p>{SiteText.NotFoundText}</p>
        <p>
          <a className="btn" href="/">
            {SiteText.BackHome}
          </a>
        </p>
      </div>
    </Layout>
  );
}

export const notFoundPage: SitePage<Record<string, never>> = {
  path: '/not-found',
  load: async () => ({}),
  title: (_data, site) => `${SiteText.NotFoundTitle} - ${site.brandName}`,
  description: () => SiteText.NotFoundText,
  Component: NotFound,
};
