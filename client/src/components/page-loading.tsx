/** What a screen shows while its code or data load: the spec's own word for it. */
export function PageLoading({ text = 'Loading...' }: { text?: string }) {
  return (
    <p role="status" aria-live="polite">
      {text}
    </p>
  );
}
