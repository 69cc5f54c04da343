import type { Figures, Summary } from './score.js';

/** The results table of eval/README.md, between its markers. */

const BEGIN = '<!-- eval-results:begin -->';
const END = '<!-- eval-results:end -->';

interface Result {
  run_at: string;
  provider: string;
  model: string | null;
  database: string;
  seconds: number;
  stores: { id: string; products: number; pages: number; content_language: string }[];
  summary: Summary;
}

const percent = (value: number | null) => (value === null ? '–' : `${Math.round(value * 1000) / 10}%`);

function row(name: string, f: Figures): string {
  return `| ${name} | ${f.questions} | ${percent(f.recall1)} | ${percent(f.recall5)} | ${percent(f.grounded)} | ${percent(f.cited)} | ${percent(f.precision)} | ${percent(f.abstained)} | ${percent(f.language)} |`;
}

export function renderReadme(result: Result, readme?: string): { table: string; readme: string } {
  const header =
    '| | questions | recall@1 | recall@5 | grounded | cited | shown-source precision | abstained | reply language |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|';
  const s = result.summary;
  const lines = [
    `Run ${result.run_at.slice(0, 16).replace('T', ' ')} UTC, ${result.provider}${result.model ? ` (${result.model})` : ''}, ${result.database}, ${result.seconds} s; stores: ${result.stores
      .map((store) => `${store.id} (${store.content_language}, ${store.products} products, ${store.pages} pages)`)
      .join(', ')}.`,
    '',
    '| target | value | met |',
    '|---|---:|:---:|',
    ...s.targets.map((t) => `| ${t.name} | ${percent(t.value)} | ${t.met ? 'yes' : '**no**'} |`),
    '',
    header,
    row('**all**', s.overall),
    row('same language as the store', s.sameLanguage),
    row('other language, named product', s.crossLanguageNamed),
    ...Object.entries(s.byKind).map(([kind, f]) => row(`kind: ${kind}`, f)),
    ...Object.entries(s.byLanguage).map(([language, f]) => row(`language: ${language}`, f)),
  ];
  const table = lines.join('\n');
  const base = readme ?? '';
  const start = base.indexOf(BEGIN);
  const end = base.indexOf(END);
  const updated = start >= 0 && end > start ? `${base.slice(0, start + BEGIN.length)}\n${table}\n${base.slice(end)}` : `${base}\n${BEGIN}\n${table}\n${END}\n`;
  return { table, readme: updated };
}
