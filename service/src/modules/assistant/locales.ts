/**
 * The reply locales an agent can answer in: exactly 132 canonical BCP-47 tags, each with its
 * English and native name and its script direction. Mostly bare languages; a regional or script
 * variant is listed only where readers expect a visibly different written form (British English,
 * Canadian French, Latin American Spanish, European Portuguese, Latin Serbian, the two Chinese
 * scripts).
 */

export type Direction = 'ltr' | 'rtl';

export interface Locale {
  tag: string;
  englishName: string;
  nativeName: string;
  direction: Direction;
}

type Row = readonly [tag: string, englishName: string, nativeName: string, direction?: Direction];

const ROWS: readonly Row[] = [
  ['af', 'Afrikaans', 'Afrikaans'],
  ['ak', 'Akan', 'Akan'],
  ['am', 'Amharic', 'አማርኛ'],
  ['ar', 'Arabic', 'العربية', 'rtl'],
  ['as', 'Assamese', 'অসমীয়া'],
  ['az', 'Azerbaijani', 'azərbaycan'],
  ['be', 'Belarusian', 'беларуская'],
  ['bg', 'Bulgarian', 'български'],
  ['bn', 'Bangla', 'বাংলা'],
  ['bo', 'Tibetan', 'བོད་སྐད་'],
  ['br', 'Breton', 'brezhoneg'],
  ['bs', 'Bosnian', 'bosanski'],
  ['ca', 'Catalan', 'català'],
  ['ceb', 'Cebuano', 'Binisaya'],
  ['ckb', 'Central Kurdish', 'کوردیی ناوەندی', 'rtl'],
  ['cs', 'Czech', 'čeština'],
  ['cy', 'Welsh', 'Cymraeg'],
  ['da', 'Danish', 'dansk'],
  ['de', 'German', 'Deutsch'],
  ['dv', 'Divehi', 'ދިވެހި', 'rtl'],
  ['el', 'Greek', 'Ελληνικά'],
  ['en', 'English', 'English'],
  ['en-GB', 'British English', 'British English'],
  ['eo', 'Esperanto', 'Esperanto'],
  ['es', 'Spanish', 'español'],
  ['es-419', 'Latin American Spanish', 'español latinoamericano'],
  ['et', 'Estonian', 'eesti'],
  ['eu', 'Basque', 'euskara'],
  ['fa', 'Persian', 'فارسی', 'rtl'],
  ['ff', 'Fula', 'Pulaar'],
  ['fi', 'Finnish', 'suomi'],
  ['fil', 'Filipino', 'Filipino'],
  ['fo', 'Faroese', 'føroyskt'],
  ['fr', 'French', 'français'],
  ['fr-CA', 'Canadian French', 'français canadien'],
  ['fy', 'Western Frisian', 'Frysk'],
  ['ga', 'Irish', 'Gaeilge'],
  ['gd', 'Scottish Gaelic', 'Gàidhlig'],
  ['gl', 'Galician', 'galego'],
  ['gn', 'Guarani', "Avañe'ẽ"],
  ['gu', 'Gujarati', 'ગુજરાતી'],
  ['ha', 'Hausa', 'Hausa'],
  ['haw', 'Hawaiian', 'ʻŌlelo Hawaiʻi'],
  ['he', 'Hebrew', 'עברית', 'rtl'],
  ['hi', 'Hindi', 'हिन्दी'],
  ['hmn', 'Hmong', 'Hmoob'],
  ['hr', 'Croatian', 'hrvatski'],
  ['ht', 'Haitian Creole', 'Kreyòl ayisyen'],
  ['hu', 'Hungarian', 'magyar'],
  ['hy', 'Armenian', 'հայերեն'],
  ['id', 'Indonesian', 'Bahasa Indonesia'],
  ['ig', 'Igbo', 'Igbo'],
  ['is', 'Icelandic', 'íslenska'],
  ['it', 'Italian', 'italiano'],
  ['ja', 'Japanese', '日本語'],
  ['jv', 'Javanese', 'Jawa'],
  ['ka', 'Georgian', 'ქართული'],
  ['kk', 'Kazakh', 'қазақ тілі'],
  ['km', 'Khmer', 'ខ្មែរ'],
  ['kn', 'Kannada', 'ಕನ್ನಡ'],
  ['ko', 'Korean', '한국어'],
  ['ks', 'Kashmiri', 'کٲشُر', 'rtl'],
  ['ku', 'Kurdish', 'kurdî (kurmancî)'],
  ['ky', 'Kyrgyz', 'кыргызча'],
  ['lb', 'Luxembourgish', 'Lëtzebuergesch'],
  ['lg', 'Ganda', 'Luganda'],
  ['ln', 'Lingala', 'lingála'],
  ['lo', 'Lao', 'ລາວ'],
  ['lt', 'Lithuanian', 'lietuvių'],
  ['lv', 'Latvian', 'latviešu'],
  ['mg', 'Malagasy', 'Malagasy'],
  ['mi', 'Māori', 'Māori'],
  ['mk', 'Macedonian', 'македонски'],
  ['ml', 'Malayalam', 'മലയാളം'],
  ['mn', 'Mongolian', 'монгол'],
  ['mr', 'Marathi', 'मराठी'],
  ['ms', 'Malay', 'Bahasa Melayu'],
  ['mt', 'Maltese', 'Malti'],
  ['my', 'Burmese', 'မြန်မာ'],
  ['nb', 'Norwegian Bokmål', 'norsk bokmål'],
  ['ne', 'Nepali', 'नेपाली'],
  ['nl', 'Dutch', 'Nederlands'],
  ['nn', 'Norwegian Nynorsk', 'norsk nynorsk'],
  ['ny', 'Nyanja', 'Chichewa'],
  ['om', 'Oromo', 'Oromoo'],
  ['or', 'Odia', 'ଓଡ଼ିଆ'],
  ['pa', 'Punjabi', 'ਪੰਜਾਬੀ'],
  ['pl', 'Polish', 'polski'],
  ['ps', 'Pashto', 'پښتو', 'rtl'],
  ['pt', 'Portuguese', 'português'],
  ['pt-PT', 'European Portuguese', 'português europeu'],
  ['qu', 'Quechua', 'Runasimi'],
  ['rm', 'Romansh', 'rumantsch'],
  ['ro', 'Romanian', 'română'],
  ['ru', 'Russian', 'русский'],
  ['rw', 'Kinyarwanda', 'Ikinyarwanda'],
  ['sd', 'Sindhi', 'سنڌي', 'rtl'],
  ['si', 'Sinhala', 'සිංහල'],
  ['sk', 'Slovak', 'slovenčina'],
  ['sl', 'Slovenian', 'slovenščina'],
  ['sm', 'Samoan', 'Gagana Sāmoa'],
  ['sn', 'Shona', 'chiShona'],
  ['so', 'Somali', 'Soomaali'],
  ['sq', 'Albanian', 'shqip'],
  ['sr', 'Serbian', 'српски'],
  ['sr-Latn', 'Serbian (Latin)', 'srpski (latinica)'],
  ['st', 'Southern Sotho', 'Sesotho'],
  ['su', 'Sundanese', 'Basa Sunda'],
  ['sv', 'Swedish', 'svenska'],
  ['sw', 'Swahili', 'Kiswahili'],
  ['ta', 'Tamil', 'தமிழ்'],
  ['te', 'Telugu', 'తెలుగు'],
  ['tg', 'Tajik', 'тоҷикӣ'],
  ['th', 'Thai', 'ไทย'],
  ['ti', 'Tigrinya', 'ትግርኛ'],
  ['tk', 'Turkmen', 'türkmen dili'],
  ['tn', 'Tswana', 'Setswana'],
  ['to', 'Tongan', 'lea fakatonga'],
  ['tr', 'Turkish', 'Türkçe'],
  ['tt', 'Tatar', 'татар'],
  ['ug', 'Uyghur', 'ئۇيغۇرچە', 'rtl'],
  ['uk', 'Ukrainian', 'українська'],
  ['ur', 'Urdu', 'اردو', 'rtl'],
  ['uz', 'Uzbek', 'o‘zbek'],
  ['vi', 'Vietnamese', 'Tiếng Việt'],
  ['wo', 'Wolof', 'Wolof'],
  ['xh', 'Xhosa', 'IsiXhosa'],
  ['yi', 'Yiddish', 'ייִדיש', 'rtl'],
  ['yo', 'Yoruba', 'Èdè Yorùbá'],
  ['zh-Hans', 'Simplified Chinese', '简体中文'],
  ['zh-Hant', 'Traditional Chinese', '繁體中文'],
  ['zu', 'Zulu', 'isiZulu'],
];

export const LOCALES: readonly Locale[] = ROWS.map(([tag, englishName, nativeName, direction = 'ltr']) => ({
  tag,
  englishName,
  nativeName,
  direction,
}));

const byTag = new Map(LOCALES.map((locale) => [locale.tag.toLowerCase(), locale]));

/**
 * Regions whose Spanish readers expect the Latin American variant (CLDR's parent locale es-419);
 * any other region falls back to plain Spanish.
 */
const LATIN_AMERICA = new Set([
  '419',
  'AR',
  'BO',
  'BR',
  'BZ',
  'CL',
  'CO',
  'CR',
  'CU',
  'DO',
  'EC',
  'GT',
  'HN',
  'MX',
  'NI',
  'PA',
  'PE',
  'PR',
  'PY',
  'SV',
  'US',
  'UY',
  'VE',
]);

/** Languages whose scripts differ enough that the script, not the region, picks the variant. */
const SCRIPT_VARIANTS = new Set(['zh', 'sr']);

/** Older or alternative codes that detectors and browsers still send. */
const ALIASES: Record<string, string> = { no: 'nb', tl: 'fil', zh: 'zh-Hans' };

function canonicalize(input: string): Intl.Locale | undefined {
  try {
    const [canonical] = Intl.getCanonicalLocales(input.trim().replace(/_/g, '-'));
    return canonical === undefined ? undefined : new Intl.Locale(canonical);
  } catch {
    return undefined;
  }
}

/**
 * The supported locale closest to any BCP-47 tag a browser, a plugin or a detector may send:
 * exact tag, then the script variant (zh-TW → zh-Hant), then the regional variant (es-MX →
 * es-419), then the bare language (de-AT → de). Undefined when the language is not supported.
 */
/** The primary language subtag of a BCP-47 tag, lower case ("pt-BR" → "pt"); "" for none. */
export function primaryLanguage(tag: string | null | undefined): string {
  return (tag ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
}

export function matchLocale(input: string | null | undefined): Locale | undefined {
  if (!input) return undefined;
  // Every widget init and turn asks, nearly always with one of a few tags; Intl's parsing is not free.
  if (matched.has(input)) return matched.get(input);
  const match = matchCanonical(input);
  if (matched.size >= MATCHED_MAX) matched.clear();
  matched.set(input, match);
  return match;
}

const MATCHED_MAX = 2_000;
const matched = new Map<string, Locale | undefined>();

function matchCanonical(input: string): Locale | undefined {
  const locale = canonicalize(input);
  if (!locale) return undefined;
  const exact = byTag.get(locale.baseName.toLowerCase());
  if (exact) return exact;
  const language = locale.language;
  if (SCRIPT_VARIANTS.has(language)) {
    const script = locale.script ?? locale.maximize().script;
    const variant = script && byTag.get(`${language}-${script}`.toLowerCase());
    if (variant) return variant;
  }
  if (language === 'es' && locale.region && LATIN_AMERICA.has(locale.region)) return byTag.get('es-419');
  if (locale.region) {
    const regional = byTag.get(`${language}-${locale.region}`.toLowerCase());
    if (regional) return regional;
  }
  return byTag.get(language) ?? byTag.get((ALIASES[language] ?? '').toLowerCase());
}
