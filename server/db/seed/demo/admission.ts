/** The demo university's admission data (demo only; see ./index.ts for the context it gets). */
import type { SeedWriter } from '../writer.ts';
import type { DemoContext } from './context.ts';

/** Entities this module writes, in insert order (added to DEMO_ENTITIES). */
export const ADMISSION_ENTITIES: string[] = [];

export async function seedAdmissionDemo(_w: SeedWriter, _ctx: DemoContext): Promise<void> {}
