import { PROVISIONAL_HINT } from '../rating-text.ts';

/**
 * A rating as shown ('1500?' while provisional). A bare '?' says nothing to someone who does not
 * know the rule, so a provisional rating explains it where it stands: as its tooltip, and as text
 * for screen readers, which do not read a tooltip (docs/PRODUCT.md, 'Ratings').
 */
export function RatingValue({
  text,
  provisional,
  className,
}: {
  /** The rating as `ratingText` writes it. */
  text: string;
  provisional: boolean;
  className?: string;
}) {
  return (
    <span className={className} title={provisional ? PROVISIONAL_HINT : undefined}>
      {text}
      {provisional && <span className="visually-hidden"> ({PROVISIONAL_HINT})</span>}
    </span>
  );
}
