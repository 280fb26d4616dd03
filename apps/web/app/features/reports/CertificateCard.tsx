// The certificate of an issued report: its code and the verification link (/report/certificate/{id}), or the
// verification page's answer for an unknown code.
import { Link } from 'react-router';
import { certificatePath, type CertificateBody } from '@fjt/domain';
import { monthTitle } from '../../lib/display.ts';

/** '2026-11-22T10:00:00Z' → '2026年11月22日' (Beijing date). */
export function issueDate(iso: string): string {
  const d = new Date(Date.parse(iso) + 8 * 3_600_000);
  return `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月${d.getUTCDate()}日`;
}

export function CertificateCard({ certificate, verified }: { certificate: CertificateBody; verified?: boolean }) {
  return (
    <div className="rpt-cert" data-testid="certificate">
      <div className="rpt-cert__seal" aria-hidden="true">
        房价通
        <br />
        {verified ? '真实有效' : '报告认证'}
      </div>
      <dl>
        {verified ? (
          <>
            <dt>核验结果</dt>
            <dd className="rpt-cert__ok">真实有效</dd>
          </>
        ) : null}
        <dt>报告</dt>
        <dd>{certificate.title}</dd>
        <dt>小区</dt>
        <dd>
          {certificate.estateName}（{certificate.districtName} {certificate.plateName}）
        </dd>
        {certificate.dataMonth ? (
          <>
            <dt>数据月份</dt>
            <dd>{monthTitle(certificate.dataMonth)}</dd>
          </>
        ) : null}
        <dt>出具日期</dt>
        <dd>{issueDate(certificate.issuedAt)}</dd>
        <dt>证书编号</dt>
        <dd data-testid="certificate-id">{certificate.id}</dd>
        {verified ? null : (
          <>
            <dt>验真</dt>
            <dd>
              <Link to={certificatePath(certificate.id)}>{certificatePath(certificate.id)}</Link>
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}
