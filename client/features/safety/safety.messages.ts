import type { ReportReason } from '../../../common/contracts/report-reasons';
import { defineMessages } from '../../i18n';
import source from '../../i18n/messages/en/safety.json';

export const safetyMessages = defineMessages('safety', source);

/** Each reason's label, translated where it is shown. */
export const REPORT_REASON_KEYS = {
  spam: 'reasonSpam',
  harassment: 'reasonHarassment',
  hate: 'reasonHate',
  violence: 'reasonViolence',
  sexual_content: 'reasonSexualContent',
  self_harm: 'reasonSelfHarm',
  misinformation: 'reasonMisinformation',
  other: 'reasonOther',
} as const satisfies Record<ReportReason, keyof typeof source>;
