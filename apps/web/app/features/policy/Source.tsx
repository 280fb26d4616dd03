// The source line under a rule: the document and its date, and '按…公布' where we rely on public summaries of it
// (RuleSource.verified false), so an unchecked citation never looks like a checked one. A custom (中介费) is no
// law: it says so, with no date.
export function Source({
  title,
  effective,
  verified,
  custom = false,
}: {
  title: string;
  effective: string | null;
  verified: boolean;
  custom?: boolean;
}) {
  if (custom) return <p className="pl-source">说明：{title}</p>;
  const date = effective ? `${effective}起执行` : '生效日期待核实';
  return (
    <p className="pl-source">
      {verified ? '依据：' : '按'}
      {title}
      {verified ? `（${date}）` : `公布（${date}，以官方原文为准）`}
    </p>
  );
}
