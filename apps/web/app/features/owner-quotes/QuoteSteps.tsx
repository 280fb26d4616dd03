// The three steps of selling through 房价通: 业主认证 → 填写报价 → 经纪人建议, the current one marked.
export function QuoteSteps({ current }: { current: 1 | 2 | 3 }) {
  return (
    <ol className="oq-steps" aria-label="流程">
      {['业主认证', '填写报价', '经纪人建议'].map((label, i) => (
        <li key={label} aria-current={current === i + 1 ? 'step' : undefined}>
          {i + 1}. {label}
        </li>
      ))}
    </ol>
  );
}
