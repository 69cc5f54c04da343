import { fold } from '../understanding/stemming.js';
import { asciiDigits, withoutEmailLikeRuns } from '../visitor-facts.js';

/**
 * What a visitor is asking for, recognised by phrase lists in English, German, French, Spanish
 * and Arabic. This is what lets the offline responder call the same tools a real model would.
 * Phrases are matched on folded text (lower case, accents removed); a trailing `*` matches any
 * ending (discount, discounts); Arabic phrases also match after the article and prefixes that
 * Arabic writes attached to the word.
 */
export type Intent = 'handoff' | 'coupon' | 'order' | 'product' | 'pricing' | 'case_study';

const PHRASES: Record<Intent | 'order_status' | 'order_arrival' | 'team' | 'contact_detail', readonly string[]> = {
  handoff: [
    'human',
    'real person',
    'a person',
    'live agent',
    'live chat',
    'operator',
    'talk to someone',
    'talk to somebody',
    'speak to someone',
    'speak with someone',
    'mensch',
    'menschen',
    'echte person',
    'mit jemandem',
    'humain',
    'une personne',
    "quelqu'un",
    'humano',
    'una persona',
    'hablar con alguien',
    'إنسان',
    'شخص حقيقي',
    'التحدث مع',
  ],
  // The store's team named: a request for it ("customer service please"), unless the message
  // asks something about it ("What time does customer service open?").
  team: [
    'representative',
    'an agent',
    'customer service',
    'customer support',
    'support team',
    'mitarbeiter*',
    'kundenservice',
    'kundendienst',
    'berater*',
    'conseiller*',
    'service client',
    'un agent',
    'agente',
    'asesor*',
    'atención al cliente',
    'موظف',
    'خدمة العملاء',
    'وكيل',
  ],
  contact_detail: [
    'what time',
    'when',
    'hours',
    'open',
    'opening',
    'phone',
    'number',
    'email',
    'e-mail',
    'address',
    'weekend*',
    'weekday*',
    'wann',
    'uhrzeit',
    'öffnungszeit*',
    'geöffnet',
    'erreichbar',
    'telefon*',
    'nummer',
    'adresse',
    'quand',
    'heure*',
    'horaire*',
    'ouvert*',
    'téléphone',
    'numéro',
    'adresse',
    'cuándo',
    'hora*',
    'horario*',
    'abierto*',
    'teléfono',
    'número',
    'correo',
    'dirección',
    'متى',
    'ساعات',
    'هاتف',
    'رقم',
    'بريد',
    'عنوان',
  ],
  coupon: [
    'coupon*',
    'discount*',
    'promo*',
    'voucher*',
    'gutschein*',
    'rabatt*',
    'aktionscode*',
    'ermäßigung',
    'code promo',
    'réduction*',
    'bon de réduction',
    'remise*',
    'cupón*',
    'cupon*',
    'descuento*',
    'código promocional',
    'كوبون',
    'خصم',
    'رمز ترويجي',
    'قسيمة',
  ],
  order: [
    'order*',
    'shipment*',
    'package',
    'parcel',
    'delivery',
    'bestellung*',
    'bestellnummer',
    'sendung*',
    'paket*',
    'lieferung*',
    'commande*',
    'colis',
    'livraison*',
    'pedido*',
    'orden',
    'envío*',
    'paquete*',
    'entrega*',
    'طلب',
    'طلبي',
    'شحنة',
    'طرد',
    'توصيل',
  ],
  order_status: [
    'where',
    'status',
    'track*',
    'my order',
    'wo ist',
    'wo bleibt',
    'status',
    'meine bestellung',
    'sendungsverfolgung',
    'où est',
    'statut',
    'ma commande',
    'suivi',
    'dónde está',
    'estado',
    'mi pedido',
    'seguimiento',
    'أين',
    'حالة',
    'طلبي',
    'تتبع',
  ],
  // Whether something arrives asks about an order only when it is the visitor's own (see detectIntents).
  order_arrival: ['arrive*', 'shipped', 'delivered', 'angekommen', 'versand*', 'geliefert', 'livré*', 'expédié*', 'arrivé*', 'enviado', 'llega*', 'وصل'],
  product: [
    'price*',
    'cost*',
    'how much',
    'buy',
    'purchase',
    'product*',
    'in stock',
    'stock',
    'available',
    'availability',
    'recommend*',
    'do you have',
    'do you sell',
    'do you carry',
    'do you stock',
    'looking for',
    'i need',
    'i want',
    'something for',
    'size',
    'preis*',
    'kostet',
    'kosten',
    'kaufen',
    'produkt*',
    'auf lager',
    'lagernd',
    'verfügbar',
    'empfehl*',
    'habt ihr',
    'haben sie',
    'gibt es bei euch',
    'führt ihr',
    'verkauft ihr',
    'such*',
    'brauch*',
    'größe',
    'prix',
    'coûte*',
    'combien',
    'acheter',
    'produit*',
    'en stock',
    'disponible*',
    'recommand*',
    'avez-vous',
    'vous avez',
    'je cherche',
    'taille',
    'precio*',
    'cuesta*',
    'cuánto',
    'comprar',
    'producto*',
    'tienen',
    'busco',
    'talla',
    'recomienda*',
    'سعر',
    'بكم',
    'شراء',
    'اشتري',
    'منتج',
    'متوفر',
    'متاح',
    'مخزون',
    'هل لديكم',
    'مقاس',
  ],
  pricing: [
    'pricing',
    'plan',
    'plans',
    'subscription*',
    'how much',
    'price*',
    'cost*',
    'per month',
    'tier*',
    'preis*',
    'tarif*',
    'abo',
    'abonnement*',
    'kosten',
    'kostet',
    'formule*',
    'prix',
    'combien',
    'coûte*',
    'planes',
    'suscripción*',
    'tarifa*',
    'precio*',
    'cuánto',
    'cuesta*',
    'أسعار',
    'سعر',
    'خطة',
    'خطط',
    'اشتراك',
    'باقة',
  ],
  case_study: [
    'case stud*',
    'customer stor*',
    'success stor*',
    'customers',
    'testimonial*',
    'references',
    'who uses',
    'fallstudie*',
    'kundengeschichte*',
    'referenz*',
    'kunden',
    'étude de cas',
    'études de cas',
    'témoignage*',
    'clients',
    'caso de éxito',
    'casos de éxito',
    'estudio de caso',
    'testimonio*',
    'clientes',
    'دراسة حالة',
    'قصة نجاح',
    'قصص نجاح',
    'عملاء',
    'العملاء',
  ],
};

function compile(phrases: readonly string[]): RegExp {
  const alternatives = phrases.map((raw) => {
    const prefix = raw.endsWith('*');
    const phrase = fold(prefix ? raw.slice(0, -1) : raw).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const arabic = /\p{Script=Arabic}/u.test(phrase);
    // Arabic attaches و ب ل ف ك and the article ال to the word; allow them in front.
    const before = arabic ? '(?<![\\p{L}\\p{N}])(?:[وبلفك]?(?:ال)?)' : '(?<![\\p{L}\\p{N}])';
    const after = prefix ? '' : '(?![\\p{L}\\p{N}])';
    return `${before}${phrase}${after}`;
  });
  return new RegExp(alternatives.join('|'), 'u');
}

const MATCHERS = Object.fromEntries(Object.entries(PHRASES).map(([intent, phrases]) => [intent, compile(phrases)])) as Record<keyof typeof PHRASES, RegExp>;

/** Collecting an order in person, in the main languages (folded text). */
const COLLECTION =
  /(?<![\p{L}])(?:pick\w* (?:[\p{L}']+ ){0,3}up|pick-?up|collect\w*|click (?:and|&|n) collect|abhol\w*|selbst abholen|retirer|retrait|recoger|recogida|ritir\w*|afhalen|ophalen|levantar|retirar)(?![\p{L}])/u;

/**
 * Changing or cancelling an order, in the main languages (folded text): "can I still change my
 * order?" asks what the shop allows, which its pages answer, unless it names the order.
 */
const ORDER_CHANGE =
  /(?<![\p{L}])(?:chang\w*|modif\w*|edit\w*|amend\w*|cancel\w*|mess\w* up|add (?:[\p{L}']+ ){0,3}to|ander\w*|storn\w*|annul\w*|cambi\w*|cancelar|anular|wijzig\w*|annuler\w*|alterar)(?![\p{L}])/u;

/** The visitor's own order: "my parcel", "I ordered", "mi pedido", "meine Bestellung" (folded text). */
const OWN_ORDER =
  /(?<![\p{L}])(?:my|mine|i ordered|i've ordered|ive ordered|we ordered|mein\w*|unser\w*|ich habe bestellt|bestellt|mon|ma|mes|j'ai commande|mi|mis|nuestro|he pedido|hice un pedido|pedi|il mio|la mia|ho ordinato|meu|minha|mijn|onze)(?![\p{L}])/u;

/** An order number is a run of three or more digits, or a "#" reference. */
const ORDER_NUMBER = /#\s?[\p{L}\p{N}-]*\d|(?<![\p{L}\p{N}@.])\d{3,}(?![\p{L}\p{N}@])/u;
/**
 * A new shop's first orders have one or two digits: such a number counts right after an order
 * word ("order 7", "Bestellung Nr. 12", "commande n° 3"). As a sign of an order question it must
 * also end the phrase ("order 2 shirts" orders something); read out of an order question, not.
 */
const SHORT_AFTER_ORDER =
  /(?<![\p{L}\p{N}])(?:order|bestellung|bestellnummer|commande|pedido|orden|ordine|طلب|طلبي)\s*(?:#|nr\.?|no\.?|n°|nº|number|nummer|numéro|numero|número|رقم)?\s*(\d{1,2})(?![\p{L}\p{N}@.,]\d)(?![\p{L}\p{N}])/iu;
const ENDS_PHRASE = /^\s*(?:$|[,.;:!?)]|[-–—])/u;

function shortOrderNumber(text: string, endingPhrase: boolean): string | undefined {
  const match = SHORT_AFTER_ORDER.exec(text);
  if (!match) return undefined;
  if (endingPhrase && !ENDS_PHRASE.test(text.slice(match.index + match[0].length))) return undefined;
  return match[1];
}

/** "Do I need…", "will I need…", "brauche ich…": a question of what is required (folded). */
const ASKS_WHETHER_NEEDED =
  /(?<![\p{L}])(?:(?:do|will|would|did) (?:i|we) (?:really )?need|brauch(?:e|en) (?:ich|wir)|(?:ai|aurai)-je besoin|necesito yo)(?![\p{L}])/gu;

export function detectIntents(message: string): Set<Intent> {
  const text = fold(asciiDigits(message));
  const intents = new Set<Intent>();
  for (const intent of ['handoff', 'coupon', 'pricing', 'case_study'] as const) {
    if (MATCHERS[intent].test(text)) intents.add(intent);
  }
  // "Do I need a hub for the bulbs?" asks what is required, not for a product: its "I need" is no request.
  if (MATCHERS.product.test(text.replace(ASKS_WHETHER_NEEDED, ' '))) intents.add('product');
  if (MATCHERS.team.test(text) && !MATCHERS.contact_detail.test(text)) intents.add('handoff');
  // "order" is also a verb ("I want to order shoes"): an order question names a number or asks
  // about the status of one. "Can I pick my order up?" asks how collection works, and "can I
  // still change my order?" what the shop allows, which its pages answer, unless it names the order.
  const numbered = ORDER_NUMBER.test(text) || shortOrderNumber(text, true) !== undefined;
  // "When will my parcel arrive?" asks about the visitor's order; "how long does express delivery
  // take to arrive?" about the shop's shipping, which its pages answer.
  const status = MATCHERS.order_status.test(text) || (MATCHERS.order_arrival.test(text) && OWN_ORDER.test(text));
  if (MATCHERS.order.test(text) && (numbered || (status && !COLLECTION.test(text) && !ORDER_CHANGE.test(text)))) {
    intents.add('order');
  }
  return intents;
}

/** The order number the visitor mentions, if any (digits, what follows a "#", or a short number after an order word). */
export function orderNumberIn(message: string): string | undefined {
  const text = withoutEmailLikeRuns(asciiDigits(message));
  const match = text.match(ORDER_NUMBER);
  return match ? match[0].replace(/^#\s?/, '') : shortOrderNumber(text, false);
}
