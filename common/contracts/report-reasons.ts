// What a report may say, without its schema (see limits.ts for why).

export const REPORT_REASONS = [
  'spam',
  'harassment',
  'hate',
  'violence',
  'sexual_content',
  'self_harm',
  'misinformation',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment or bullying',
  hate: 'Hateful conduct',
  violence: 'Violence or threats',
  sexual_content: 'Sexual content',
  self_harm: 'Self-harm',
  misinformation: 'False information',
  other: 'Something else',
};

/** Longest free text a report may carry. */
export const REPORT_NOTE_MAX_LENGTH = 1_000;
