/** A labelled group of radio choices drawn as buttons side by side (mode, permission): one legend, arrow keys work. */
interface ChoiceGroupProps<T extends string> {
  name: string;
  legend: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
}

export function ChoiceGroup<T extends string>({ name, legend, value, options, onChange }: ChoiceGroupProps<T>) {
  return (
    <fieldset class="grant-choice" data-testid={`choice-${name}`}>
      <legend>{legend}</legend>
      <div class="grant-choice__options">
        {options.map((option) => (
          <label key={option.value} class="grant-choice__option">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              data-testid={`${name}-${option.value}`}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
