import type { FEEDBACK_REASONS } from '../widget/schemas.js';

export type FeedbackReason = (typeof FEEDBACK_REASONS)[number];

/** What a visitor's reason for a thumbs down says, as the inbox and analytics show it. */
export const FEEDBACK_REASON_LABELS: Record<FeedbackReason, string> = {
  incorrect: 'incorrect',
  incomplete: 'incomplete',
  off_topic: "didn't answer the question",
};
