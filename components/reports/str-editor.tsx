'use client';

import { useActionState } from 'react';
import { FieldError, FormMessage } from '@/components/forms/controls';
import { ActionButton } from '@/components/ui/action-button';
import { Badge } from '@/components/ui/badge';
import { LocalTime } from '@/components/ui/time';
import { Section } from '@/components/ui/page-header';
import { rowClass, Table, Td, Th, THead } from '@/components/ui/table';
import type { FormState } from '@/lib/forms/form-state';
import type { IndicatorChoice } from '@/lib/reports/str/indicator-choices';
import type { StrParty, StrSubject, StrTransaction } from '@/lib/reports/str/types';
import { ADDRESS_FORM_FIELDS, fieldId, SUBJECT_FORM_FIELDS } from './field-ids';
import { IndicatorPicker } from './indicator-picker';
import { ReasonField } from './reason-field';

type Action = (prev: FormState, form: FormData) => Promise<FormState>;

export const STR_FORM_ID = 'str-form';

const inputClass =
  'block w-full rounded border border-slate-300 bg-white px-2.5 py-1.5 text-sm shadow-sm read-only:bg-slate-50 focus:border-sky-600 focus:outline-none focus:ring-1 focus:ring-sky-600 aria-[invalid=true]:border-red-600';

const money = (value: number, currency: string) => `${new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(value)} ${currency}`;

function TextInput({ path, name, label, hint, value, readOnly, invalid }: { path: string; name: string; label: string; hint?: string; value: string; readOnly: boolean; invalid?: boolean }) {
  const id = fieldId(path);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        name={name}
        form={STR_FORM_ID}
        defaultValue={value}
        readOnly={readOnly}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={inputClass}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A small form of its own (one verb, one button), so it neither nests in nor resets the editor's form. */
function OneButtonForm({ action, strId, fields = {}, label, testId, disabled, describedBy }: { action: Action; strId: string; fields?: Record<string, string>; label: string; testId: string; disabled?: boolean; describedBy?: string }) {
  const [state, run] = useActionState(action, {});
  const problem = state.message ?? (state.fieldErrors ? Object.values(state.fieldErrors).join('; ') : undefined);
  return (
    <form action={run} aria-label={label}>
      <input type="hidden" name="str_id" value={strId} />
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <ActionButton variant="secondary" testId={testId} disabled={disabled} describedBy={describedBy}>
        {label}
      </ActionButton>
      {problem ? <FieldError text={problem} /> : null}
    </form>
  );
}

function Party({ party, subjectEntity }: { party: StrParty; subjectEntity: string | null | undefined }) {
  return (
    <span className="break-words">
      {party.name ?? <code className="text-xs">{party.entity_id ?? '—'}</code>}
      {party.my_client ? (
        <>
          {' '}
          <Badge tone="info">{party.entity_id !== null && party.entity_id === subjectEntity ? 'client · subject' : 'client'}</Badge>
        </>
      ) : null}
    </span>
  );
}

/**
 * The STR's editable parts: the subject form for its kind (with "Fill from customer record"), the transactions,
 * the narrative and the indicators. Every input belongs to one form (`form="str-form"`) wherever it sits, so
 * the one-button forms (fill, use source date) can live beside the fields without nesting forms. Outside a
 * draft everything is read-only.
 */
export function StrEditor(props: {
  strId: string;
  readOnly: boolean;
  subject: StrSubject;
  transactions: StrTransaction[];
  reason: string;
  action: string;
  indicators: string[];
  choices: IndicatorChoice[] | null;
  currencyLocal: string;
  reasonMax: number;
  save: Action;
  fillFromKyc: Action;
  sourceDate: Action;
}) {
  const [state, run] = useActionState(props.save, {});
  const v = (name: string, stored: string | null | undefined) => state.values?.[name] ?? stored ?? '';
  const subject = props.subject as unknown as Record<string, string | null | undefined>;
  const errors = state.fieldErrors ?? {};
  const ro = props.readOnly;
  return (
    <div className="space-y-6">
      <Section
        title={`Subject (${props.subject.kind})`}
        testId="str-subject"
        actions={
          ro ? null : <OneButtonForm action={props.fillFromKyc} strId={props.strId} label="Fill from customer record" testId="str-fill-kyc" />
        }
      >
        <div id={fieldId('subject')} tabIndex={-1} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {SUBJECT_FORM_FIELDS[props.subject.kind].map(([field, label, hint]) => (
            <TextInput key={field} path={`subject.${field}`} name={`subject.${field}`} label={label} hint={hint || undefined} value={v(`subject.${field}`, subject[field])} readOnly={ro} />
          ))}
        </div>
        <fieldset className="mt-4">
          <legend className="mb-2 text-sm font-semibold text-slate-800">Address</legend>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            {ADDRESS_FORM_FIELDS.map(([part, label, hint]) => (
              <TextInput
                key={part}
                path={`subject.address.${part}`}
                name={`subject.address.${part}`}
                label={label}
                hint={hint || undefined}
                value={v(`subject.address.${part}`, props.subject.address?.[part])}
                readOnly={ro}
              />
            ))}
          </div>
        </fieldset>
        {errors.subject ? <FieldError text={errors.subject} /> : null}
      </Section>

      <Section title={`Transactions (${props.transactions.length})`} testId="str-transactions">
        <div id={fieldId('transactions')} tabIndex={-1}>
          <Table caption={`The report's transactions; amounts in ${props.currencyLocal} where the currency differs`}>
            <THead>
              <tr>
                <Th>Date</Th>
                <Th className="text-right">Amount</Th>
                <Th>From → to, description</Th>
              </tr>
            </THead>
            <tbody>
              {props.transactions.map((t, i) => {
                const dateName = `tx.${t.index}.date`;
                const sourceDiffers = t.source_date !== null && t.source_date !== t.date;
                return (
                  <tr key={t.index} id={fieldId(`transactions[${i}]`)} tabIndex={-1} className={`${rowClass} focus-visible:outline-2 focus-visible:outline-sky-600`} data-testid="str-transaction-row">
                    <Td className="w-64 space-y-1">
                      <label htmlFor={fieldId(`transactions[${i}].date`)} className="block text-xs font-medium text-slate-700">
                        Date of transaction {i + 1} (UTC)
                      </label>
                      <input id={fieldId(`transactions[${i}].date`)} name={dateName} form={STR_FORM_ID} defaultValue={v(dateName, t.date)} readOnly={ro} className={`${inputClass} font-mono text-xs`} />
                      <div className="text-xs text-slate-600">
                        Source: {t.source_date ? <LocalTime iso={t.source_date} withSeconds /> : 'none'}
                      </div>
                      {sourceDiffers && !ro ? (
                        <OneButtonForm action={props.sourceDate} strId={props.strId} fields={{ index: String(t.index) }} label="Use source date" testId="str-use-source-date" />
                      ) : null}
                    </Td>
                    <Td className="text-right whitespace-nowrap tabular-nums">
                      {money(t.amount, t.currency)}
                      {t.rail ? <div className="text-xs text-slate-600">{t.rail}</div> : null}
                      {t.currency !== props.currencyLocal ? (
                        <div className="mt-1 space-y-1 text-left">
                          <label htmlFor={fieldId(`transactions[${i}].amount_local`)} className="block text-xs font-medium text-slate-700">
                            In {props.currencyLocal}
                          </label>
                          <input
                            id={fieldId(`transactions[${i}].amount_local`)}
                            name={`tx.${t.index}.amount_local`}
                            form={STR_FORM_ID}
                            inputMode="decimal"
                            defaultValue={v(`tx.${t.index}.amount_local`, t.amount_local === null || t.amount_local === undefined ? '' : String(t.amount_local))}
                            readOnly={ro}
                            className={`${inputClass} w-32 text-right`}
                          />
                        </div>
                      ) : null}
                    </Td>
                    <Td className="min-w-0 space-y-1">
                      <div className="text-sm">
                        <Party party={t.from} subjectEntity={props.subject.entity_id} /> → <Party party={t.to} subjectEntity={props.subject.entity_id} />
                      </div>
                      <label htmlFor={fieldId(`transactions[${i}].description`)} className="block text-xs font-medium text-slate-700">
                        Description
                      </label>
                      <input
                        id={fieldId(`transactions[${i}].description`)}
                        name={`tx.${t.index}.description`}
                        form={STR_FORM_ID}
                        defaultValue={v(`tx.${t.index}.description`, t.description)}
                        readOnly={ro}
                        className={inputClass}
                      />
                    </Td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </div>
        {errors.transactions ? <FieldError text={errors.transactions} /> : null}
      </Section>

      <Section title="Narrative" testId="str-narrative">
        <div className="space-y-4">
          <ReasonField id={fieldId('reason')} name="reason" form={STR_FORM_ID} defaultValue={v('reason', props.reason)} max={props.reasonMax} readOnly={ro} error={errors.reason} />
          <div className="space-y-1">
            <label htmlFor={fieldId('action')} className="block text-sm font-medium text-slate-700">
              Action taken
            </label>
            <textarea id={fieldId('action')} name="action" form={STR_FORM_ID} rows={3} defaultValue={v('action', props.action)} readOnly={ro} className={inputClass} />
            {errors.action ? <FieldError text={errors.action} /> : null}
          </div>
        </div>
      </Section>

      <Section title="Indicators" testId="str-indicators">
        <IndicatorPicker form={STR_FORM_ID} choices={props.choices} chosen={state.values?.indicators !== undefined ? state.values.indicators.split('\n').filter(Boolean) : props.indicators} readOnly={ro} />
        {errors.indicators ? <FieldError text={errors.indicators} /> : null}
      </Section>

      {ro ? null : (
        <form id={STR_FORM_ID} action={run} aria-label="Save the draft" className="flex flex-wrap items-center gap-3 rounded border border-slate-200 bg-white p-3 shadow-sm">
          <input type="hidden" name="str_id" value={props.strId} />
          <ActionButton size="md" testId="str-save">
            Save draft
          </ActionButton>
          {state.ok ? (
            <span role="status" className="text-sm text-slate-700">
              Saved; the checks are up to date.
            </span>
          ) : null}
          <div className="w-full empty:hidden">
            <FormMessage state={state} />
            {Object.entries(errors)
              .filter(([field]) => !['subject', 'transactions', 'reason', 'action', 'indicators'].includes(field))
              .map(([field, message]) => (
                <FieldError key={field} text={message} />
              ))}
          </div>
        </form>
      )}
      {ro ? null : <p className="text-xs text-slate-600">Buttons beside a field (fill, use source date) save only what they say; save your typing first.</p>}
    </div>
  );
}
