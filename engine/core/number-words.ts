/**
 * Number to words up to 9 digits (admission-and-grid section 9: larger gives the overflow
 * message), in English and Arabic: the grid's `words` columns, amounts in words on invoices
 * and on the finance PDFs (hence in core: the browser and the server both spell). Whole numbers are spelled; a fraction is read digit by
 * digit after "point" / "فاصلة". Arabic follows the usual counted-noun forms (ألف، ألفان،
 * آلاف، ألفًا) chosen by the group's last two digits, masculine throughout.
 */
/** Languages the speller knows. */
export type WordsLanguage = 'en' | 'ar';

/** The overflow message (also the grid's `numberOverflow`). */
export const NUMBER_OVERFLOW = {
  en: 'Number is too large (at most 9 digits)',
  ar: 'الرقم كبير جدًا (9 أرقام على الأكثر)',
} as const;

/** The largest number spelled: 9 digits. */
export const WORDS_MAX = 999_999_999;

const EN_ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

function enBelowThousand(n: number): string {
  const parts: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds) parts.push(`${EN_ONES[hundreds]} hundred`);
  if (rest) {
    if (rest < 20) parts.push(EN_ONES[rest]!);
    else parts.push(EN_TENS[Math.floor(rest / 10)]! + (rest % 10 ? `-${EN_ONES[rest % 10]}` : ''));
  }
  return parts.join(' ');
}

function enWhole(n: number): string {
  if (n === 0) return 'zero';
  const millions = Math.floor(n / 1e6);
  const thousands = Math.floor((n % 1e6) / 1e3);
  const rest = n % 1e3;
  const parts: string[] = [];
  if (millions) parts.push(`${enBelowThousand(millions)} million`);
  if (thousands) parts.push(`${enBelowThousand(thousands)} thousand`);
  if (rest) parts.push(enBelowThousand(rest));
  return parts.join(' ');
}

const AR_ONES = [
  'صفر',
  'واحد',
  'اثنان',
  'ثلاثة',
  'أربعة',
  'خمسة',
  'ستة',
  'سبعة',
  'ثمانية',
  'تسعة',
  'عشرة',
  'أحد عشر',
  'اثنا عشر',
  'ثلاثة عشر',
  'أربعة عشر',
  'خمسة عشر',
  'ستة عشر',
  'سبعة عشر',
  'ثمانية عشر',
  'تسعة عشر',
];
const AR_TENS = ['', '', 'عشرون', 'ثلاثون', 'أربعون', 'خمسون', 'ستون', 'سبعون', 'ثمانون', 'تسعون'];
const AR_HUNDREDS = [
  '',
  'مائة',
  'مائتان',
  'ثلاثمائة',
  'أربعمائة',
  'خمسمائة',
  'ستمائة',
  'سبعمائة',
  'ثمانمائة',
  'تسعمائة',
];

function arBelowThousand(n: number): string {
  const parts: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds) parts.push(AR_HUNDREDS[hundreds]!);
  if (rest) {
    if (rest < 20) parts.push(AR_ONES[rest]!);
    else if (rest % 10) parts.push(`${AR_ONES[rest % 10]} و${AR_TENS[Math.floor(rest / 10)]}`);
    else parts.push(AR_TENS[rest / 10]!);
  }
  return parts.join(' و');
}

/** [one, two, three-to-ten, eleven-and-up] forms of a scale word. */
type Scale = readonly [string, string, string, string];
const AR_THOUSAND: Scale = ['ألف', 'ألفان', 'آلاف', 'ألفًا'];
const AR_MILLION: Scale = ['مليون', 'مليونان', 'ملايين', 'مليونًا'];

function arGroup(n: number, scale: Scale): string {
  if (n === 1) return scale[0];
  if (n === 2) return scale[1];
  const lastTwo = n % 100;
  const noun = lastTwo >= 3 && lastTwo <= 10 ? scale[2] : lastTwo >= 11 ? scale[3] : scale[0];
  return `${arBelowThousand(n)} ${noun}`;
}

function arWhole(n: number): string {
  if (n === 0) return AR_ONES[0]!;
  const millions = Math.floor(n / 1e6);
  const thousands = Math.floor((n % 1e6) / 1e3);
  const rest = n % 1e3;
  const parts: string[] = [];
  if (millions) parts.push(arGroup(millions, AR_MILLION));
  if (thousands) parts.push(arGroup(thousands, AR_THOUSAND));
  if (rest) parts.push(arBelowThousand(rest));
  return parts.join(' و');
}

const SPEAK = {
  en: { whole: enWhole, minus: 'minus', point: 'point', digit: (d: number) => EN_ONES[d]! },
  ar: { whole: arWhole, minus: 'سالب', point: 'فاصلة', digit: (d: number) => AR_ONES[d]! },
} as const;

/** The number in words, or the overflow message when its whole part has more than 9 digits. */
export function numberToWords(value: number, lang: WordsLanguage = 'en'): string {
  if (!Number.isFinite(value) || Math.abs(Math.trunc(value)) > WORDS_MAX) return NUMBER_OVERFLOW[lang];
  const speak = SPEAK[lang];
  const [whole, fraction = ''] = Math.abs(value).toFixed(10).replace(/0+$/, '').replace(/\.$/, '').split('.');
  let text = speak.whole(Number(whole));
  if (fraction) text += ` ${speak.point} ${Array.from(fraction, (d) => speak.digit(Number(d))).join(' ')}`;
  return value < 0 ? `${speak.minus} ${text}` : text;
}

/** True when numberToWords would give the overflow message. */
export function wordsOverflow(value: number): boolean {
  return !Number.isFinite(value) || Math.abs(Math.trunc(value)) > WORDS_MAX;
}

/** Currencies an amount is spelled in (currency.status.yaml's codes). */
export type WordsCurrency = 'EGP' | 'USD';

const CURRENCY_WORDS: Record<WordsCurrency, Record<WordsLanguage, string>> = {
  EGP: { en: 'Egyptian pounds', ar: 'جنيه مصري' },
  USD: { en: 'US dollars', ar: 'دولار أمريكي' },
};
const AMOUNT_FRAME = {
  en: { and: 'and', only: 'only' },
  ar: { and: 'و', only: 'فقط', after: 'لا غير' },
} as const;

/**
 * An amount as written on invoices and receipts, cheque style: the whole part in words, the
 * currency, the cents as a fraction of 100 ("one thousand five hundred Egyptian pounds and
 * 50/100 only"; "فقط ألف وخمسمائة جنيه مصري و50/100 لا غير"). Over 9 digits: the overflow message.
 */
export function amountInWords(amount: number, lang: WordsLanguage = 'en', currency?: WordsCurrency): string {
  if (wordsOverflow(amount)) return NUMBER_OVERFLOW[lang];
  const cents = Math.round(Math.abs(amount) * 100);
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  let text = numberToWords(amount < 0 ? -whole : whole, lang);
  if (currency) text += ` ${CURRENCY_WORDS[currency][lang]}`;
  const fraction = `${String(rest).padStart(2, '0')}/100`;
  if (lang === 'ar')
    return `${AMOUNT_FRAME.ar.only} ${text}${rest ? ` ${AMOUNT_FRAME.ar.and}${fraction}` : ''} ${AMOUNT_FRAME.ar.after}`;
  return `${text}${rest ? ` ${AMOUNT_FRAME.en.and} ${fraction}` : ''} ${AMOUNT_FRAME.en.only}`;
}
