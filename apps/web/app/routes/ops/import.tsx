// /ops/import 数据导入 (ops role): load an operator's CSV (estates, listings, deals, rentals; columns in
// packages/dataset/data/IMPORT.md) into the running server — the embedded database admits one process, so the
// command line cannot run beside it. Every row is checked first; a file with an error writes nothing and names
// where. A good file is written, the price-change alert job runs, and the page says what changed.
import { useEffect, useState, type FormEvent } from 'react';
import {
  DATA_IMPORT_KINDS,
  DATA_IMPORT_KIND_LABELS,
  DATA_IMPORT_MAX_BYTES,
  pageTitle,
  type DataImportBody,
  type DataImportKind,
  type DataImportList,
} from '@fjt/domain';
import type { Route } from './+types/import';
import { requireStaff } from '../../features/ops/require-staff.ts';
import { opsTime } from '../../features/ops/format.ts';
import { callApi } from '../../lib/session.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';

export function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, 'ops-import');
  return null;
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('数据导入') },
  { name: 'robots', content: 'noindex' },
];

export default function OpsImport() {
  const [kind, setKind] = useState<DataImportKind>('deals');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [result, setResult] = useState<(DataImportBody & { fileName: string }) | null>(null);
  const [recent, setRecent] = useState<DataImportList['list'] | null>(null);

  const loadRecent = async () => {
    const res = await callApi<DataImportList>('ops/data/imports');
    setRecent(res.resultCode === 0 && res.body ? res.body.list : []);
  };
  useEffect(() => {
    void loadRecent();
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError('');
    setResult(null);
    const file = new FormData(event.currentTarget).get('file');
    if (!(file instanceof File) || file.size === 0) return setError('请选择要导入的 CSV 文件');
    if (file.size > DATA_IMPORT_MAX_BYTES) return setError('文件不能超过5MB');
    setBusy(true);
    const csv = await file.text();
    const res = await callApi<DataImportBody>('ops/data/import', { kind, fileName: file.name, csv });
    setBusy(false);
    if (res.resultCode !== 0 || !res.body) return setError(res.errMsg || '导入失败，请稍后再试');
    setResult({ ...res.body, fileName: file.name });
    void loadRecent();
  };

  return (
    <>
      <h1 className="ops-title">数据导入</h1>
      <section className="ops-panel" aria-labelledby="ops-import-form">
        <h2 id="ops-import-form" className="ops-panel__title">
          导入 CSV
        </h2>
        <p className="ops-hint">
          每一行先校验，有任何错误则整份文件不导入并指出行号和列；以 external_id
          去重，重复导入不会重复写入。导入后自动运行价格提醒任务（订阅小区的新成交、降价 ≥ 3%、新月度均价）。列说明见
          packages/dataset/data/IMPORT.md。
        </p>
        <form className="ops-form" onSubmit={(e) => void submit(e)} noValidate>
          <label className="ops-field">
            <span>数据类型</span>
            <select name="kind" value={kind} onChange={(e) => setKind(e.target.value as DataImportKind)}>
              {DATA_IMPORT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {DATA_IMPORT_KIND_LABELS[k]}（{k}）
                </option>
              ))}
            </select>
          </label>
          <label className="ops-field">
            <span>文件</span>
            <input type="file" name="file" accept=".csv,text/csv" />
          </label>
          <div className="ops-form__actions">
            <button type="submit" className="btn btn-primary ops-btn" disabled={busy}>
              {busy ? '导入中…' : '导入'}
            </button>
          </div>
          {error ? (
            <p className="ops-form__error" role="alert" data-testid="ops-import-error">
              {error}
            </p>
          ) : null}
        </form>
        {result ? (
          <dl className="ops-facts" data-testid="ops-import-result">
            <dt>文件</dt>
            <dd>{result.fileName}</dd>
            <dt>行数</dt>
            <dd className="num">
              {result.import.rows}（新增 {result.import.inserted}，更新 {result.import.updated}，未变{' '}
              {result.import.unchanged}）
            </dd>
            <dt>价格提醒</dt>
            <dd className="num">
              成交 {result.alerts.deal} 条，降价 {result.alerts.priceCut} 条，月度均价 {result.alerts.monthlyAvg} 条
            </dd>
          </dl>
        ) : null}
      </section>
      <section className="ops-panel" aria-labelledby="ops-import-recent">
        <h2 id="ops-import-recent" className="ops-panel__title">
          最近导入
        </h2>
        {recent === null ? (
          <p className="ops-hint">加载中…</p>
        ) : recent.length === 0 ? (
          <EmptyState frame="plain" title="还没有导入记录" hint="选择数据类型和 CSV 文件后点“导入”" />
        ) : (
          <div className="ops-table-wrap">
            <table className="ops-table" data-testid="ops-import-table">
              <thead>
                <tr>
                  <th scope="col">时间</th>
                  <th scope="col">类型</th>
                  <th scope="col">文件</th>
                  <th scope="col">新增</th>
                  <th scope="col">更新</th>
                  <th scope="col">未变</th>
                </tr>
              </thead>
              <tbody>
                {recent.map((r) => (
                  <tr key={r.id}>
                    <td className="ops-nowrap num">{opsTime(r.finishedAt)}</td>
                    <td>{DATA_IMPORT_KIND_LABELS[r.kind as DataImportKind] ?? r.kind}</td>
                    <td>{r.fileName}</td>
                    <td className="num">{r.inserted}</td>
                    <td className="num">{r.updated}</td>
                    <td className="num">{r.unchanged}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
