// The console's shared components: every screen is built from these, so all screens look like one product.
export { Badge, decisionTone, priorityTone, statusTone, words, type Tone } from './badge';
export { Button, ButtonLink, buttonClass, type ButtonVariant } from './button';
export { EmptyState } from './empty-state';
export { Facts } from './facts';
export { Notice } from './notice';
export { PageHeader, Section } from './page-header';
export { rowClass, Table, Td, Th, THead } from './table';
export { LocalTime } from './time';
export { Field, FieldError, FormMessage, Reveal, SelectField, SubmitButton } from '@/components/forms/controls';
export { StepForm, type StepAction, type StepState } from './step-form';
export { linkClass } from './link-class';
