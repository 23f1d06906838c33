'use client';

import type { ButtonVariant } from '@/components/ui/button';
import { StepForm, type StepAction } from '@/components/ui/step-form';

const OUTCOMES = {
  filed: 'Filed: the filing system accepted the report. It shows acknowledged once the regulator answers.',
  rejected: 'Refused: the filing system rejected the report; its reasons are under Filing. Reopen it to fix them.',
  queued: 'Queued: the filing system could not be reached. The report files itself when it is back.',
};

/** One step of the STR's life (send for review, file, reopen), disabled with the reason when it cannot be taken now. */
export function StrStepForm({ strId, action, label, refusal, testId, variant = 'secondary' }: { strId: string; action: StepAction; label: string; refusal: string | null; testId: string; variant?: ButtonVariant }) {
  return <StepForm fields={{ str_id: strId }} action={action} label={label} refusal={refusal} testId={testId} variant={variant} outcomes={OUTCOMES} />;
}
