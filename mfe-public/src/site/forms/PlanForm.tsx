import { INVESTMENT_FEE_OPTIONS, SITE_FORM_PATHS, YesNo } from '@portal/contracts/public/site';
import type { PlanReport } from '@portal/contracts/public';
import { useState } from 'react';
import { type FieldSpec, Fields } from './fields';
import { Honeypot, SendButton, Status } from './parts';
import { PlanReportView } from './PlanReportView';
import { useSiteForm } from './useSiteForm';

/** The industries the plan form offers (its report reads the leads of the chosen one). */
export const PLAN_INDUSTRIES = ['餐饮', '奶茶饮品', '火锅', '早教培训', '洗衣干洗', '生鲜果蔬', '美容美发', '零售便利', '其他'] as const;

export const PlanFormText = {
  Brand: '品牌名称',
  Industry: '所属行业',
  Location: '公司所在地',
  HasBranch: '是否有分公司',
  Branches: '分公司所在地',
  Money: '投资费用',
  People: '团队人数',
  Competitors: '竞争品牌',
  Telephone: '手机号码',
  Submit: '生成方案',
  Yes: '是',
  No: '否',
} as const;

const FIELDS: readonly FieldSpec[] = [
  { name: 'brand', label: PlanFormText.Brand, required: true, maxLength: 50 },
  {
    name: 'industry',
    label: PlanFormText.Industry,
    required: true,
    kind: 'select',
    options: PLAN_INDUSTRIES.map((value) => ({ value, label: value })),
  },
  { name: 'comAdress', label: PlanFormText.Location, required: true, maxLength: 100, placeholder: '如：浙江省杭州市' },
  {
    name: 'hasBranch',
    label: PlanFormText.HasBranch,
    required: true,
    kind: 'radio',
    options: [
      { value: YesNo.Yes, label: PlanFormText.Yes },
      { value: YesNo.No, label: PlanFormText.No },
    ],
  },
  { name: 'sonCompanys', label: PlanFormText.Branches, repeat: 3, maxLength: 100 },
  { name: 'money', label: PlanFormText.Money, required: true, kind: 'select', options: INVESTMENT_FEE_OPTIONS },
  { name: 'people', label: PlanFormText.People, required: true, maxLength: 10 },
  { name: 'comBrand', label: PlanFormText.Competitors, repeat: 3, maxLength: 50 },
  { name: 'telephone', label: PlanFormText.Telephone, required: true, kind: 'tel', maxLength: 11 },
];

export interface PlanAnswer {
  id: number;
  token: string;
  report: PlanReport;
}

/**
 * The plan form (strategy survey, spec 000 sections 3 and 5), then its report: the suggested
 * budget and region and the audience by gender, age and education. A visitor's goes through the
 * public call, a logged-in customer's through the login-based one (section 6).
 */
export function PlanForm({ loggedIn, id }: { loggedIn: boolean; id: string }) {
  const [answer, setAnswer] = useState<{ brand: string; report: PlanReport } | null>(null);
  const { errors, status, onSubmit } = useSiteForm<PlanAnswer>({
    url: loggedIn ? SITE_FORM_PATHS.plan.customer : SITE_FORM_PATHS.plan.visitor,
    lists: ['sonCompanys', 'comBrand'],
    loadCheck: async () => {
      const { fieldErrors, planFormSchema } = await import('@portal/contracts/public');
      return (values) => fieldErrors(planFormSchema, values);
    },
    onDone: (result, values) => setAnswer({ brand: String(values.brand ?? ''), report: result.report }),
  });
  if (answer) return <PlanReportView brand={answer.brand} report={answer.report} />;
  return (
    <form className="site-form" method="post" action={SITE_FORM_PATHS.plan.visitor} onSubmit={onSubmit} noValidate>
      <Honeypot />
      <Fields form={id} fields={FIELDS} errors={errors} />
      <Status status={status} />
      <SendButton sending={status.state === 'sending'} label={PlanFormText.Submit} />
    </form>
  );
}
