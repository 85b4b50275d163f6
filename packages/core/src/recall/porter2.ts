/**
 * The Porter2 ("English" Snowball) stemmer, written from Martin Porter's published description of the
 * algorithm (snowballstem.org/algorithms/english/stemmer.html). Input: one lower-case word without
 * apostrophes; output: its stem ("paintings", "painted", "painting" → "paint"; "happiness" → "happi").
 */

const VOWELS = 'aeiouy';
const isVowel = (c: string | undefined): boolean => c !== undefined && VOWELS.includes(c);
const DOUBLES = ['bb', 'dd', 'ff', 'gg', 'mm', 'nn', 'pp', 'rr', 'tt'];
const LI_ENDING = 'cdeghkmnrt';

const EXCEPTIONS: Record<string, string> = {
  skis: 'ski', skies: 'sky', dying: 'die', lying: 'lie', tying: 'tie', idly: 'idl', gently: 'gentl', ugly: 'ugli',
  early: 'earli', only: 'onli', singly: 'singl', sky: 'sky', news: 'news', howe: 'howe', atlas: 'atlas',
  cosmos: 'cosmos', bias: 'bias', andes: 'andes',
};
const AFTER_1A = new Set(['inning', 'outing', 'canning', 'herring', 'earring', 'proceed', 'exceed', 'succeed']);

const STEP2: Array<[string, string]> = [
  ['ization', 'ize'], ['ational', 'ate'], ['fulness', 'ful'], ['ousness', 'ous'], ['iveness', 'ive'], ['tional', 'tion'],
  ['biliti', 'ble'], ['lessli', 'less'], ['entli', 'ent'], ['ation', 'ate'], ['alism', 'al'], ['aliti', 'al'], ['ousli', 'ous'],
  ['iviti', 'ive'], ['fulli', 'ful'], ['enci', 'ence'], ['anci', 'ance'], ['abli', 'able'], ['izer', 'ize'], ['ator', 'ate'],
  ['alli', 'al'], ['bli', 'ble'], ['ogi', 'og'], ['li', ''],
];
const STEP3: Array<[string, string]> = [
  ['ational', 'ate'], ['tional', 'tion'], ['alize', 'al'], ['icate', 'ic'], ['iciti', 'ic'], ['ative', ''], ['ical', 'ic'],
  ['ness', ''], ['ful', ''],
];
const STEP4 = ['ement', 'ance', 'ence', 'able', 'ible', 'ment', 'ant', 'ent', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize', 'ion', 'al', 'er', 'ic'];

/** Start of the region after the first non-vowel that follows a vowel, from `from`. */
function regionAfter(w: string, from: number): number {
  for (let i = from + 1; i < w.length; i++) if (!isVowel(w[i]) && isVowel(w[i - 1])) return i + 1;
  return w.length;
}

/** Whether w[0..end) ends in a short syllable. */
function endsShort(w: string, end: number): boolean {
  if (end === 2) return isVowel(w[0]) && !isVowel(w[1]);
  if (end < 3) return false;
  const c = w[end - 1]!;
  return !isVowel(c) && c !== 'w' && c !== 'x' && c !== 'Y' && isVowel(w[end - 2]) && !isVowel(w[end - 3]);
}

export function porter2(word: string): string {
  if (word.length <= 2) return word;
  // own keys only: "constructor" must not find Object.prototype's (a function, not a stem)
  const special = Object.prototype.hasOwnProperty.call(EXCEPTIONS, word) ? EXCEPTIONS[word] : undefined;
  if (special !== undefined) return special;
  // y as a consonant: at the start, or after a vowel
  let w = word[0] === 'y' ? 'Y' + word.slice(1) : word;
  for (let i = 1; i < w.length; i++) if (w[i] === 'y' && isVowel(w[i - 1])) w = w.slice(0, i) + 'Y' + w.slice(i + 1);
  const r1 = /^(gener|commun|arsen)/.test(w) ? (/^(gener|arsen)/.test(w) ? 5 : 6) : regionAfter(w, 0);
  const r2 = (): number => regionAfter(w, r1);
  const inR1 = (suffix: string): boolean => w.length - suffix.length >= r1;
  const inR2 = (suffix: string): boolean => w.length - suffix.length >= r2();
  const cut = (n: number): void => {
    w = w.slice(0, w.length - n);
  };

  // step 1a
  if (w.endsWith('sses')) cut(2);
  else if (w.endsWith('ied') || w.endsWith('ies')) w = w.length > 4 ? w.slice(0, -2) : w.slice(0, -1);
  else if (w.endsWith('us') || w.endsWith('ss')) {
    // unchanged
  } else if (w.endsWith('s')) {
    let vowelEarlier = false;
    for (let i = 0; i < w.length - 2; i++) if (isVowel(w[i])) vowelEarlier = true;
    if (vowelEarlier) cut(1);
  }
  if (AFTER_1A.has(w)) return w;

  w = step1b(w, r1);

  // step 1c
  if ((w.endsWith('y') || w.endsWith('Y')) && w.length > 2 && !isVowel(w[w.length - 2])) w = w.slice(0, -1) + 'i';

  // step 2
  const s2 = STEP2.find(([s]) => w.endsWith(s));
  if (s2 !== undefined && inR1(s2[0])) {
    const [s, to] = s2;
    if (s === 'ogi') {
      if (w[w.length - 4] === 'l') w = w.slice(0, -3) + to;
    } else if (s === 'li') {
      if (LI_ENDING.includes(w[w.length - 3] ?? '')) cut(2);
    } else w = w.slice(0, w.length - s.length) + to;
  }

  // step 3
  const s3 = STEP3.find(([s]) => w.endsWith(s));
  if (s3 !== undefined && inR1(s3[0])) {
    const [s, to] = s3;
    if (s === 'ative') {
      if (inR2(s)) cut(5);
    } else w = w.slice(0, w.length - s.length) + to;
  }

  // step 4
  const s4 = STEP4.find((s) => w.endsWith(s));
  if (s4 !== undefined && inR2(s4)) {
    if (s4 === 'ion') {
      const before = w[w.length - 4];
      if (before === 's' || before === 't') cut(3);
    } else cut(s4.length);
  }

  // step 5
  if (w.endsWith('e')) {
    if (inR2('e') || (inR1('e') && !endsShort(w, w.length - 1))) cut(1);
  } else if (w.endsWith('l') && inR2('l') && w[w.length - 2] === 'l') cut(1);

  return w.replace(/Y/g, 'y');
}

/** Step 1b: -eed/-eedly to -ee in R1; -ed/-edly/-ing/-ingly dropped after a vowel, then the stem tidied. */
function step1b(w: string, r1: number): string {
  const eed = ['eedly', 'eed'].find((s) => w.endsWith(s));
  if (eed !== undefined) return w.length - eed.length >= r1 ? w.slice(0, w.length - eed.length) + 'ee' : w;
  const ed = ['ingly', 'edly', 'ing', 'ed'].find((s) => w.endsWith(s));
  if (ed === undefined) return w;
  const stem = w.slice(0, w.length - ed.length);
  if (![...stem].some(isVowel)) return w;
  if (stem.endsWith('at') || stem.endsWith('bl') || stem.endsWith('iz')) return stem + 'e';
  if (DOUBLES.some((d) => stem.endsWith(d))) return stem.slice(0, -1);
  if (r1 >= stem.length && endsShort(stem, stem.length)) return stem + 'e';
  return stem;
}
