// Apart from analytics.ts: that module loads the provider (google-analytics.ts), and the provider
// implements this, so with it there the two would import each other.

/** What a loaded analytics provider is told: the path and the full address, both redacted. */
export interface PageView {
  path: string;
  location: string;
  title: string;
}

export interface AnalyticsTracker {
  pageView(view: PageView): void;
}
