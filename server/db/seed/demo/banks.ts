/**
 * The demo banks for transfers: a dollar account (USD in the name, for non-Egyptians) and a
 * pound account, as the finance staff would keep them (screens/finance/banks.entity.yaml).
 */
import type { SeedWriter } from '../writer.ts';

export const BANK_ENTITIES = ['banks'];

const BANKS = [
  {
    name: 'National Bank of Egypt - USD',
    name_local: 'البنك الأهلي المصري - دولار',
    account_number: '1234567890123',
    iban: 'EG380003000123456789012345678',
    swift: 'NBEGEGCX',
  },
  {
    name: 'Banque Misr - USD',
    name_local: 'بنك مصر - دولار',
    account_number: '4401000123456',
    iban: 'EG120002044010001234567890123',
    swift: 'BMISEGCX',
  },
  {
    name: 'National Bank of Egypt',
    name_local: 'البنك الأهلي المصري',
    account_number: '1234567890456',
    iban: 'EG650003000123456789045600000',
    swift: 'NBEGEGCX',
  },
];

export async function seedBanksDemo(w: SeedWriter): Promise<void> {
  if (!w.has('banks')) return;
  const present = new Set((await w.select('banks', 'name')).map(String));
  await w.insert(
    'banks',
    BANKS.filter((b) => !present.has(b.name)).map((b) => ({ id: w.id('banks'), ...b, active: true })),
  );
}
