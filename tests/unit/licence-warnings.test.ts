import { describe, expect, it } from 'vitest';
import { licenceWarnings } from '@/lib/setup/licence-usage';

const licence = (valid_until: string, transactions_per_month = 1000) => ({ customer: 'Bank', tier: 'standard', transactions_per_month, modules: [], valid_until, key_id: 'k' });
const now = new Date('2026-11-25T12:00:00Z');

describe('licence warnings', () => {
  it('warns from 30 days before the end, counting the last day as valid', () => {
    expect(licenceWarnings(licence('2026-12-25'), 0, now)).toEqual({ share: 0, daysLeft: 30, warnings: [] });
    expect(licenceWarnings(licence('2026-12-24'), 0, now).warnings).toEqual(['The licence ends on 2026-12-24, in 29 days. Renew it with your supplier.']);
    expect(licenceWarnings(licence('2026-11-26'), 0, now).warnings).toEqual(['The licence ends on 2026-11-26, in 1 day. Renew it with your supplier.']);
    expect(licenceWarnings(licence('2026-11-25'), 0, now).warnings).toEqual(['The licence ends on 2026-11-25, in less than a day. Renew it with your supplier.']);
    expect(licenceWarnings(licence('2026-11-24'), 0, now).warnings).toEqual(['The licence ended on 2026-11-24. Monitoring goes on; renew it with your supplier.']);
  });

  it('warns once the month passes 90 % of the volume, and never without a licence', () => {
    expect(licenceWarnings(licence('2027-06-30'), 900, now).warnings).toEqual([]);
    expect(licenceWarnings(licence('2027-06-30'), 901, now)).toMatchObject({ share: 0.901, warnings: ["This month's events have reached 90 % of the licensed 1,000 a month. Monitoring goes on; talk to your supplier about the volume."] });
    expect(licenceWarnings(licence('2027-06-30', 0), 5, now)).toMatchObject({ share: null, warnings: [] });
    expect(licenceWarnings(null, 10_000_000, now)).toEqual({ share: null, daysLeft: null, warnings: [] });
  });
});
