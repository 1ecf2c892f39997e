import { AGE_BUCKETS, EDUCATION_BUCKETS, GENDER_BUCKETS, type PlanReportBucket } from '@portal/contracts/public/site';
import type { PlanReport } from '@portal/contracts/public';
import { lazy, Suspense, useEffect, useState } from 'react';

// The design system's pie, loaded only with a report (it brings the charts library when drawn).
const PieChart = lazy(() => import('@portal/design-system/charts').then((module) => ({ default: module.PieChart })));

export const ReportText = {
  title: (brand: string): string => `${brand}招商方案`,
  Budget: '建议预算',
  Region: '建议投放区域',
  Gender: '性别分布',
  Age: '年龄分布',
  Education: '学历分布',
  Share: '占比',
} as const;

const CHARTS: ReadonlyArray<{ title: string; buckets: readonly PlanReportBucket[] }> = [
  { title: ReportText.Gender, buckets: GENDER_BUCKETS },
  { title: ReportText.Age, buckets: AGE_BUCKETS },
  { title: ReportText.Education, buckets: EDUCATION_BUCKETS },
];

/**
 * The plan's report: budget and region, then a pie for gender, age and education, each with its
 * table (what the server sends and a reader without a script reads); the pies are drawn once the
 * page runs its script (the design system's PieChart, loaded only here).
 */
export function PlanReportView({ brand, report }: { brand: string; report: PlanReport }) {
  // Charts only in the browser, after hydration: the server's HTML and the first render agree.
  const [browser, setBrowser] = useState(false);
  useEffect(() => setBrowser(true), []);
  return (
    <section aria-labelledby="plan-report-title">
      <h2 id="plan-report-title">{ReportText.title(brand)}</h2>
      <p>
        {ReportText.Budget}：<strong>{report.budget}</strong>
      </p>
      <p>
        {ReportText.Region}：<strong>{report.region}</strong>
      </p>
      <div className="report">
        {CHARTS.map((chart) => (
          <figure key={chart.title} aria-label={chart.title}>
            <figcaption>{chart.title}</figcaption>
            {browser ? (
              <Suspense fallback={<div style={{ height: 220 }} />}>
                <PieChart
                  title={chart.title}
                  showTitle={false}
                  height={240}
                  data={chart.buckets.map((bucket) => ({ name: bucket.label, value: report.percent[bucket.key] }))}
                />
              </Suspense>
            ) : null}
            <table>
              <thead>
                <tr>
                  <th scope="col">{chart.title}</th>
                  <th scope="col">{ReportText.Share}</th>
                </tr>
              </thead>
              <tbody>
                {chart.buckets.map((bucket) => (
                  <tr key={bucket.key}>
                    <td>{bucket.label}</td>
                    <td>{report.percent[bucket.key]}%</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </figure>
        ))}
      </div>
    </section>
  );
}
