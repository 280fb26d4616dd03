// A row of single-choice chips (满二/满五, 首套/二套, 户籍 …): a radio group that reads as buttons on a phone.
export interface ChipOption<T extends string> {
  value: T;
  label: string;
}

export function Chips<T extends string>({
  label,
  options,
  value,
  onChange,
  error,
  name,
}: {
  label: string;
  options: readonly ChipOption<T>[];
  value: T | null;
  onChange: (value: T) => void;
  error?: string | null;
  name: string;
}) {
  return (
    <fieldset className="pl-field" data-testid={`chips-${name}`}>
      <legend className="pl-field__label">{label}</legend>
      <div className="pl-chips" role="radiogroup" aria-label={label}>
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={value === o.value}
            className={value === o.value ? 'pl-chip pl-chip--on' : 'pl-chip'}
            onClick={() => onChange(o.value)}
          >
            {o.label}
          </button>
        ))}
      </div>
      {error ? (
        <p className="pl-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A number input with its unit and an inline error. */
export function NumberField({
  label,
  unit,
  value,
  onChange,
  error,
  name,
  placeholder,
  hint,
}: {
  label: string;
  unit: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  name: string;
  placeholder?: string;
  hint?: string;
}) {
  const id = `pl-${name}`;
  return (
    <div className="pl-field">
      <label className="pl-field__label" htmlFor={id}>
        {label}
      </label>
      <div className={error ? 'pl-input pl-input--bad' : 'pl-input'}>
        <input
          id={id}
          name={name}
          inputMode="decimal"
          autoComplete="off"
          placeholder={placeholder}
          value={value}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        <span className="pl-input__unit">{unit}</span>
      </div>
      {error ? (
        <p className="pl-field__error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="pl-field__hint">{hint}</p>
      ) : null}
    </div>
  );
}
