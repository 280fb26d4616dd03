// /report/certificate/{id?} 报告验真 (PAGES.md §3.4): the page behind the code printed on an issued report —
// title, estate, issue date, code and '真实有效'; an unknown code answers '证书不存在或已失效'. Without an id
// it offers a box to type the code in.
import { Form, data } from 'react-router';
import { CERTIFICATE_ID_PATTERN, pageTitle, SITE_DESCRIPTION } from '@fjt/domain';
import type { Route } from './+types/report-certificate';
import { CertificateCard } from '../../features/reports/CertificateCard.tsx';
import '../../features/reports/reports.css';

const UNKNOWN_CERTIFICATE = '证书不存在或已失效';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const typed = new URL(request.url).searchParams.get('id');
  const raw = (params.id ?? typed ?? '').trim().toUpperCase();
  if (!raw) return { id: null, certificate: null };
  const certificate = CERTIFICATE_ID_PATTERN.test(raw) ? await context.services.reports.certificate(raw) : null;
  if (!certificate) return data({ id: raw, certificate: null }, { status: 404 });
  return { id: raw, certificate };
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('报告验真') },
  { name: 'description', content: `核验房价通出具的小区报告是否真实有效。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function ReportCertificatePage({ loaderData }: Route.ComponentProps) {
  const { id, certificate } = loaderData;
  return (
    <main className="rpt" data-testid="report-certificate">
      <header className="rpt-head">
        <h1>报告验真</h1>
        <p className="rpt-head__sub">核验房价通出具的小区报告</p>
      </header>
      {certificate ? (
        <section className="rpt-section">
          <CertificateCard certificate={certificate} verified />
          <p className="rpt-hint">该报告由房价通出具，内容以出具时的数据为准。</p>
        </section>
      ) : id ? (
        <section className="rpt-section" data-testid="certificate-missing">
          <div className="rpt-cert">
            <div className="rpt-cert__seal rpt-cert__seal--void" aria-hidden="true">
              无效
            </div>
            <dl>
              <dt>核验结果</dt>
              <dd>{UNKNOWN_CERTIFICATE}</dd>
              <dt>证书编号</dt>
              <dd>{id}</dd>
            </dl>
          </div>
          <p className="rpt-hint">请核对报告上的证书编号，或联系客服核实。</p>
        </section>
      ) : null}
      <section className="rpt-section">
        <h2>输入证书编号</h2>
        <Form method="get" action="/report/certificate" className="rpt-controls">
          <label>
            编号
            <input name="id" placeholder="如 FJT7K3M9Q2XW4P" defaultValue={id ?? ''} aria-label="证书编号" />
          </label>
          <button type="submit" className="rpt-button rpt-button--primary">
            核验
          </button>
        </Form>
      </section>
    </main>
  );
}
