/**
 * The key under which names a reader cannot tell apart are equal, for refusing a name that passes for a reserved one
 * (the default group's, in either language). Only ever compared, never stored or shown. Two names have the same key
 * when they differ only by:
 * - compatibility forms (NFKC): fullwidth "ＤＥＦＡＵＬＴ", ligatures, superscripts, circled letters;
 * - Cyrillic, Greek and Armenian letters drawn like Latin ones ("Dеfault" with a Cyrillic е), a capital I or a digit 1
 *   read as l, a digit 0 read as o (a small table: enough for the reserved names' letters and their neighbours, not the
 *   whole of Unicode's confusables list);
 * - case;
 * - the traditional or Japanese form of a reserved Chinese name's characters (默認分組 reads as 默认分组);
 * - spaces of any kind and characters that draw nothing, which are removed ("Default\u00A0group", "默认 分组").
 */

/** Look-alikes of Latin letters, in both cases, as the Latin letter of the same case. */
const LATIN_LOOKALIKES: Record<string, string> = {
  // Cyrillic capitals and small letters.
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', У: 'Y', Х: 'X', Ѕ: 'S', І: 'l', Ј: 'J', Ԁ: 'D', Ԍ: 'G',
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', ѕ: 's', і: 'i', ј: 'j', ԁ: 'd', һ: 'h', ӏ: 'l', г: 'r', ԍ: 'g', ԛ: 'q', ԝ: 'w',
  // Greek capitals and small letters.
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'l', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
  α: 'a', ο: 'o', ρ: 'p', υ: 'u', ν: 'v', ι: 'i', κ: 'k',
  // Armenian and Latin letters drawn like other Latin letters.
  ս: 'u', օ: 'o', ց: 'g', հ: 'h', ı: 'i', ɡ: 'g', ɑ: 'a', ʟ: 'l',
  // Read as letters in most fonts.
  I: 'l', '1': 'l', '|': 'l', '0': 'o',
};
const LOOKALIKE = new RegExp(`[${Object.keys(LATIN_LOOKALIKES).join('').replace(/[|\]\\^-]/g, '\\$&')}]`, 'gu');

/** Traditional and Japanese forms of the reserved Chinese name's characters. */
const HAN_VARIANTS: Record<string, string> = { 認: '认', 組: '组', 黙: '默' };
const HAN_VARIANT = /[認組黙]/gu;

/** Spaces, controls, format characters and whatever else draws nothing. */
const UNSEEN = /[\s\p{Z}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu;

export function lookalikeKey(name: string): string {
  return name
    .normalize('NFKC')
    .replace(LOOKALIKE, (c) => LATIN_LOOKALIKES[c] ?? c)
    .toLowerCase()
    .replace(HAN_VARIANT, (c) => HAN_VARIANTS[c] ?? c)
    .replace(UNSEEN, '');
}
