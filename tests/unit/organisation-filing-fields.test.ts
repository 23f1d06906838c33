import { describe, expect, it } from 'vitest';
import { FILING_FIELD_WORDS, filingDetailsSchema, missingFilingFields, nothingToChangeMessage } from '@/lib/orgs/schemas';
import { setupInput } from '@/lib/setup/schemas';

describe('the filing details schema', () => {
  it("accepts and refuses each field exactly as setup's schema does", () => {
    const schema = filingDetailsSchema();
    const setupFields = { admin_name: 'Ada', admin_email: 'ada@bank.example', admin_password: 'a long password here', institution: 'I', licence: 'L', regulator: 'R' };
    for (const value of ['', '  ', 'x', ' trimmed ', 'y'.repeat(200), 'y'.repeat(201), '🏦'.repeat(200), '🏦'.repeat(201), 7, null]) {
      for (const field of ['institution', 'licence', 'regulator'] as const) {
        const ours = schema.safeParse({ [field]: value });
        const setups = setupInput.safeParse({ ...setupFields, [field]: value });
        expect(ours.success, `${field} = ${JSON.stringify(value)}`).toBe(setups.success);
        if (ours.success && setups.success) expect(ours.data[field]).toBe(setups.data[field]);
        if (!ours.success && !setups.success) expect(ours.error.issues[0]?.message).toBe(setups.error.issues[0]?.message);
      }
    }
  });

  it('needs at least one field, named in the given words', () => {
    expect(filingDetailsSchema().safeParse({}).error?.issues[0]?.message).toBe('give at least one of institution, licence and regulator');
    expect(filingDetailsSchema(FILING_FIELD_WORDS).safeParse({ other: 'x' }).error?.issues[0]?.message).toBe(nothingToChangeMessage(FILING_FIELD_WORDS));
    expect(filingDetailsSchema(FILING_FIELD_WORDS).safeParse({ licence: '' }).error?.issues[0]?.message).toBe('the licence number must be 1 to 200 characters');
  });

  it('names the details an organisation has not set, in order', () => {
    expect(missingFilingFields({ institution: null, licence: null, regulator: null })).toEqual(['institution', 'licence', 'regulator']);
    expect(missingFilingFields({ institution: 'Bank', licence: ' ', regulator: null })).toEqual(['licence', 'regulator']);
    expect(missingFilingFields({ institution: 'Bank', licence: 'L-1', regulator: 'FIU' })).toEqual([]);
  });
});
