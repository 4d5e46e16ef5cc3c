/** The demo university's finance data (demo only; see ./index.ts for the context it gets). */
import type { SeedWriter } from '../writer.ts';
import type { DemoContext } from './context.ts';

/** Entities this module writes, in insert order (added to DEMO_ENTITIES). */
export const FINANCE_ENTITIES: string[] = [];

export async function seedFinanceDemo(_w: SeedWriter, _ctx: DemoContext): Promise<void> {}
