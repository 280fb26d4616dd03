// Star scores of 小区点评: shown (★★★★☆) and chosen (five buttons, 1–5).
export function Stars({ score, label }: { score: number; label?: string }) {
  const full = Math.max(0, Math.min(5, Math.round(score)));
  return (
    <span className="rv-stars" aria-label={label ?? `${score}星`}>
      {'★'.repeat(full)}
      <span className="rv-stars__off">{'★'.repeat(5 - full)}</span>
    </span>
  );
}

export function StarInput({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: number;
  onChange: (v: number) => void;
  testId: string;
}) {
  return (
    <div className="rv-star-input" role="radiogroup" aria-label={label} data-testid={testId}>
      <span className="rv-star-input__label">{label}</span>
      {[1, 2, 3, 4, 5].map((n) => (
        <button
          key={n}
          type="button"
          role="radio"
          aria-checked={value === n}
          aria-label={`${n}星`}
          className={n <= value ? 'rv-star-input__star rv-star-input__star--on' : 'rv-star-input__star'}
          onClick={() => onChange(n)}
        >
          ★
        </button>
      ))}
      <span className="rv-star-input__value num">{value > 0 ? `${value}分` : '未评分'}</span>
    </div>
  );
}
