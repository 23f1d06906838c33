'use client';

import { StepForm, type StepAction } from '@/components/ui/step-form';

const OUTCOMES = {
  filed: 'Filed: the filing system accepted the batch. It shows acknowledged once the regulator answers.',
  rejected: 'Refused: the filing system rejected the batch; its reasons are under Last rejection.',
  queued: 'Queued: the filing system could not be reached. The batch files itself when it is back.',
};

/**
 * "Submit" of a CTR batch, disabled with the reason beside it when the person cannot submit now (an analyst, whoever
 * built or edited it, nothing to file), and what happened once submitted.
 */
export function CtrSubmitForm({ ctrId, action, label, refusal, testId }: { ctrId: string; action: StepAction; label: string; refusal: string | null; testId: string }) {
  return <StepForm fields={{ ctr_id: ctrId }} action={action} label={label} refusal={refusal} testId={testId} variant="primary" outcomes={OUTCOMES} />;
}
