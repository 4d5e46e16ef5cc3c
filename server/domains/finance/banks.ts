/**
 * The banks offered on the bank-transfer payment option: the finance staff's active entries
 * (screens/finance/banks.entity.yaml), each with the currency its name implies.
 */
import type { Kysely } from 'kysely';
import { bankCurrency, type BankCurrency } from '../../../engine/core/bank-currency.ts';

export interface TransferBank {
  id: number;
  name: string;
  name_local: string | null;
  account_number: string;
  iban: string | null;
  swift: string | null;
  currency: BankCurrency;
}

export async function transferBanks(db: Kysely<any>): Promise<TransferBank[]> {
  const rows = await db
    .selectFrom('banks')
    .select(['id', 'name', 'name_local', 'account_number', 'iban', 'swift'])
    .where('active', 'is not', false)
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), currency: bankCurrency(r.name) }) as TransferBank);
}
