import type { Tone } from '@/components/ui/badge';

/** The badge tone of a report's status (STR, CTR batch, pack): done is green, refused red, waiting blue. */
export const strStatusTone = (status: string): Tone =>
  status === 'acknowledged' || status === 'filed' || status === 'generated' ? 'success' : status === 'rejected' ? 'danger' : status === 'awaiting_approval' ? 'info' : 'neutral';
