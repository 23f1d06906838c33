'use client';

import { StepForm, type StepAction } from '@/components/ui/step-form';

/**
 * Activate one draft. A person who may not (its author, whose activation four-eyes refuses, or a role that does not
 * activate) sees the button disabled, with the verb's reason beside it and tied to it.
 */
export function ActivateRuleForm({ ruleId, label, refusal, action, testId = 'activate-rule' }: { ruleId: string; label: string; refusal: string | null; action: StepAction; testId?: string }) {
  return <StepForm fields={{ rule_id: ruleId }} action={action} label={label} refusal={refusal} testId={testId} variant="primary" doneText="Activated: it scores events from now on." />;
}
