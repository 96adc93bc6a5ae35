/** What a screen shows while its code or data load: 'Loading...', the product's own word. */
export function PageLoading({ text = 'Loading...' }: { text?: string }) {
  return (
    <p role="status" aria-live="polite">
      {text}
    </p>
  );
}
