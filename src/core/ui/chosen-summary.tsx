/**
 * What a batch page works on, in short (apps, clones, new machine): how many, in the page's words, then the first
 * names, the rest an ellipsis, then the page's own notes (a limit, some left out). The page gives the names it has
 * (those not read yet are not named) and the count of all chosen.
 */
import './chosen-summary.css';

/** Names shown under the count; the rest is an ellipsis. */
const NAMED = 5;

interface ChosenSummaryProps {
  /** The heading: how many are chosen, already translated. */
  title: string;
  /** How many are chosen, named or not. */
  count: number;
  /** The names known so far, in the order chosen. */
  names: readonly string[];
  /** The heading's test id. */
  testId: string;
  /** Lines under the names, already translated; an empty one is left out. */
  notes?: ReadonlyArray<string | null | undefined | false>;
}

export function ChosenSummary({ title, count, names, testId, notes = [] }: ChosenSummaryProps) {
  const named = names.slice(0, NAMED).join(', ') + (count > NAMED ? ' …' : '');
  return (
    <section class="card">
      <h2 class="card__title" data-testid={testId}>{title}</h2>
      {[named, ...notes].map((line, index) => (line ? <p key={index} class="muted chosen-summary__line">{line}</p> : null))}
    </section>
  );
}
