import type { Db } from '../../db/client.js';
import { documentHits } from '../knowledge/products.js';
import type { SearchHit } from '../knowledge/search.js';
import { conditionsMet, type MeasureCondition } from './understanding/measures.js';

/** Products read whole to check a measure: the best found, never the whole catalog. */
const MEASURED_PRODUCTS = 20;
/** A product's chunks read for its measures (its page's text, its specifications). */
const MEASURED_CHUNKS = 8;

/** A product's attributes as lines ("Volumen: 22 l"): they state measures too. */
function attributeLines(hit: SearchHit): string {
  const attributes = Array.isArray(hit.data.attributes) ? (hit.data.attributes as { name?: unknown; options?: unknown }[]) : [];
  return attributes
    .map((attribute) =>
      typeof attribute.name === 'string' && Array.isArray(attribute.options) ? `${attribute.name}: ${attribute.options.map(String).join(', ')}` : '',
    )
    .filter(Boolean)
    .join('\n');
}

export interface MeasuredHits {
  /** The products that meet the measures asked for, those that state more of them first, else in the order found. */
  met: SearchHit[];
  /** What does not say: pages, and products that state none of the measures asked for. */
  unsaid: SearchHit[];
}

/**
 * Hits sorted by the measures a question asks for ("under 1.5 kg", "R-value at least 4"): the
 * products that fail one are left out. The first products found are read whole in one
 * statement; without conditions every hit is unsaid.
 */
export async function sortedByMeasures(
  db: Db,
  workspaceId: string,
  hits: readonly SearchHit[],
  conditions: readonly MeasureCondition[],
): Promise<MeasuredHits> {
  const productIds =
    conditions.length === 0 ? [] : [...new Set(hits.filter((hit) => hit.kind === 'product').map((hit) => hit.documentId))].slice(0, MEASURED_PRODUCTS);
  if (productIds.length === 0) return { met: [], unsaid: [...hits] };
  const chunks = await documentHits(db, workspaceId, productIds, MEASURED_CHUNKS);
  const verdicts = new Map<string, number | false>();
  for (const id of productIds) {
    const own = chunks.filter((chunk) => chunk.documentId === id);
    const text = [own[0] ? `${own[0].title}\n${attributeLines(own[0])}` : '', ...own.map((chunk) => chunk.content)].join('\n');
    verdicts.set(id, conditionsMet(text, conditions));
  }
  const metCount = (hit: SearchHit) => (hit.kind === 'product' ? (verdicts.get(hit.documentId) ?? 0) : 0);
  const met = hits
    .map((hit, index) => ({ hit, index, count: metCount(hit) }))
    .filter((entry) => entry.count !== false && entry.count > 0)
    .sort((a, b) => Number(b.count) - Number(a.count) || a.index - b.index)
    .map((entry) => entry.hit);
  const unsaid = hits.filter((hit) => metCount(hit) === 0);
  return { met, unsaid };
}
