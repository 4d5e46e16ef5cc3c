/** What the finance domain says, in English and Arabic (merged into server/http/messages.ts). */
import type { LocalText } from '../../../generator/manifest-types.ts';

export const FINANCE_MESSAGES = {} as const satisfies Record<string, LocalText>;
