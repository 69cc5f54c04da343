import { fold, primaryLanguage, wordsOf } from './stemming.js';

/**
 * The topics every shop's help pages cover, and the words those pages use for them. A shopper
 * asks "how long do I have to send something back?" or "Wie lange habe ich Zeit, etwas
 * zurückzuschicken?"; the page is called "Returns" or "Rückgabe & Umtausch" and never says
 * "send back". Lexical search cannot bridge that; this short thesaurus does: a question that
 * touches a topic is also searched with the topic's words, in the content's language and the
 * visitor's. Topics, not products: what a catalog sells is in its own words already, except
 * where it is worn (the shopper names the head, the catalog the beanie).
 */

interface ShopTopic {
  /** Folded phrases in the main languages that touch the topic; `\w*` for any ending. */
  asked: RegExp;
  /** The words shops use for it, by primary language; English when the language has none. */
  words: Readonly<Record<string, string>>;
  /**
   * A question of how the shop works (shipping, returns, payment…), which its pages answer, never
   * a catalog search: "how much is shipping?" lists no products. Not the topics a product may be
   * asked for by ("do you sell phone chargers?" touches "contact").
   */
  policy?: true;
  /** A kind of thing the catalog sells, in the shopper's words ("for my head"): a catalog search answers. */
  sold?: true;
}

const word = (alternatives: string) => new RegExp(`(?<![\\p{L}])(?:${alternatives})(?![\\p{L}])`, 'u');

/** The shop's words for a topic that two ways of asking share (a card paid with, something broken). */
const PAYMENT_WORDS = { en: 'payment pay', de: 'Zahlung Zahlungsarten bezahlen', fr: 'paiement', es: 'pago', it: 'pagamento', nl: 'betaling', pt: 'pagamento' };
const WARRANTY_WORDS = {
  en: 'warranty guarantee',
  de: 'Garantie Gewährleistung',
  fr: 'garantie',
  es: 'garantía',
  it: 'garanzia',
  nl: 'garantie',
  pt: 'garantia',
};

const TOPICS: readonly ShopTopic[] = [
  {
    policy: true,
    asked: word(
      String.raw`returns?|returning|returned|send (?:it |them |something |things |an item |items )?back|bring (?:it )?back|give (?:it )?back|zuruck\w*|ruckgabe\w*|rucksend\w*|widerruf\w*|retour\w*|renvoy\w*|rendre|repren\w*|reprise|devol\w*|reso|resi|restitu\w*|terugsturen|terug te (?:sturen|brengen|geven)|stuur\w* (?:[\p{L}-]+ ){0,3}terug|devolv\w*`,
    ),
    words: {
      en: 'return returns',
      de: 'Rückgabe Rücksendung Widerruf zurücksenden',
      fr: 'retour retours',
      es: 'devolución devoluciones',
      it: 'reso resi',
      nl: 'retour retourneren',
      pt: 'devolução',
    },
  },
  {
    policy: true,
    // "Contra reembolso", "contre-remboursement" is paying on delivery, not a refund.
    asked: word(
      String.raw`refunds?|refunded|money back|reimburs\w*|erstatt\w*|geld zuruck|ruckzahlung|(?<!contre-)rembours\w*|(?<!contra )reembols\w*|rimbors\w*|terugbetal\w*`,
    ),
    words: { en: 'refund', de: 'Erstattung erstatten Rückzahlung', fr: 'remboursement', es: 'reembolso', it: 'rimborso', nl: 'terugbetaling', pt: 'reembolso' },
  },
  {
    policy: true,
    asked: word(String.raw`exchang\w*|swap\w*|wrong size|different size|other size|umtausch\w*|umtauschen|tauschen|echang\w*|cambi\w*|ruil\w*|troca\w*`),
    words: { en: 'exchange exchanges', de: 'Umtausch umtauschen', fr: 'échange', es: 'cambio', it: 'cambio', nl: 'ruilen', pt: 'troca' },
  },
  {
    policy: true,
    asked: word(
      String.raw`ship\w*|deliver\w*|postage|dispatch\w*|arrive|arrives|arriving|get here|ankommen|ankommt|arrivera|arriveront|llegar|llega|llegan|llegara|llegue|arriva|arrivare|arrivano|chegar|chega|chegam|aankomen|aankomt|versand\w*|versend\w*|liefer(?!umfang)\w*|porto|zustell\w*|livraison|livr\w*|expedi\w*|envio|envios|entrega\w*|spedizion\w*|spedi\w*|consegna|verzend\w*|bezorg\w*|levering`,
    ),
    words: {
      en: 'shipping delivery',
      de: 'Versand Lieferung Lieferzeit',
      fr: 'livraison expédition',
      es: 'envío entrega',
      it: 'spedizione consegna',
      nl: 'verzending levering',
      pt: 'envio entrega',
    },
  },
  {
    policy: true,
    asked: word(String.raw`warrant\w*|guarantee\w*|garanti\w*|gewahrleistung|garanzia|garantia`),
    words: WARRANTY_WORDS,
  },
  {
    // Something broken is often a warranty case, but "so that it doesn't break" asks how to use it.
    asked: word(String.raw`defect\w*|defekt\w*|faulty|broke|broken|kaputt\w*`),
    words: WARRANTY_WORDS,
  },
  {
    policy: true,
    asked: word(
      String.raw`pay|paying|payment\w*|paypal|klarna|invoice|instal+ments?|zahl\w*|bezahl\w*|rechnung|ratenkauf|paiement|payer|pago|pagar|pagamento|pagare|betal\w*`,
    ),
    words: PAYMENT_WORDS,
  },
  {
    // A card is also sold ("gift cards", "SD cards"): it names the topic for the search only.
    asked: word(String.raw`credit card|card|kreditkarte|carte|tarjeta`),
    words: PAYMENT_WORDS,
  },
  {
    asked: word(
      String.raw`assembl\w*|put (?:it |them |my \w+ )?together|set (?:it )?up|install\w*|aufbau\w*|aufbauen|montage|montier\w*|zusammenbau\w*|montaje|montar|montaggio|monter|installer`,
    ),
    words: { en: 'assembly', de: 'Aufbau Montage', fr: 'montage', es: 'montaje', it: 'montaggio', nl: 'montage', pt: 'montagem' },
  },
  {
    asked: word(
      String.raw`contact\w*|phone|call you|call us|email you|e-mail|reach you|kontakt\w*|telefon\w*|anruf\w*|erreich\w*|joindre|telephone|contacto|llamar|contatt\w*|chiamar\w*`,
    ),
    words: {
      en: 'contact phone email',
      de: 'Kontakt Telefon E-Mail',
      fr: 'contact téléphone',
      es: 'contacto teléfono',
      it: 'contatti telefono',
      nl: 'contact telefoon',
      pt: 'contato telefone',
    },
  },
  // What is worn where: "something warm for my head" asks for a hat the catalog calls a beanie,
  // and never says "head". Only "for/on my …": "head torch", "Kopfhörer" name things of their own.
  {
    sold: true,
    asked: word(
      String.raw`(?:for|on|over) (?:my|your|the|his|her|their|our) (?:head|ears)|(?:fur|fuer) (?:den|meinen) kopf|pour (?:la|ma) tete|para (?:la|mi) cabeza|per la (?:mia )?testa`,
    ),
    words: {
      en: 'hat beanie cap headband',
      de: 'Mütze Hut Kappe Stirnband',
      fr: 'bonnet chapeau casquette',
      es: 'gorro sombrero gorra',
      it: 'cappello berretto',
      nl: 'muts hoed pet',
      pt: 'gorro chapéu boné',
    },
  },
  {
    sold: true,
    asked: word(
      String.raw`(?:for|on) (?:my|your|the|his|her|their|our) (?:hands|fingers)|(?:fur|fuer) (?:die|meine) hande|pour (?:les|mes) mains|para (?:las|mis) manos|per le (?:mie )?mani`,
    ),
    words: {
      en: 'gloves mittens',
      de: 'Handschuhe Fäustlinge',
      fr: 'gants moufles',
      es: 'guantes manoplas',
      it: 'guanti muffole',
      nl: 'handschoenen wanten',
      pt: 'luvas',
    },
  },
  {
    sold: true,
    asked: word(
      String.raw`(?:for|on) (?:my|your|the|his|her|their|our) (?:feet|toes)|(?:fur|fuer) (?:die|meine) fusse|pour (?:les|mes) pieds|para (?:los|mis) pies|per i (?:miei )?piedi`,
    ),
    words: {
      en: 'socks boots shoes slippers',
      de: 'Socken Schuhe Stiefel Hausschuhe',
      fr: 'chaussettes chaussures bottes',
      es: 'calcetines zapatos botas',
      it: 'calze scarpe stivali',
      nl: 'sokken schoenen laarzen',
      pt: 'meias sapatos botas',
    },
  },
  {
    sold: true,
    asked: word(
      String.raw`(?:for|around|on) (?:my|your|the|his|her|their|our) neck|(?:fur|fuer) den hals|pour (?:le|mon) cou|para (?:el|mi) cuello|per il (?:mio )?collo`,
    ),
    words: { en: 'scarf neck gaiter', de: 'Schal Halstuch', fr: 'écharpe foulard', es: 'bufanda', it: 'sciarpa', nl: 'sjaal', pt: 'cachecol' },
  },
  {
    // Not how the shop works for a search: a "GPS tracker" is sold; "where is my parcel" is an order question.
    asked: word(
      String.raw`track\w*|where is my (?:order|package|parcel)|sendungsverfolgung|sendungsnummer|wo (?:ist|bleibt) mein\w*|suivi|seguimiento|rastre\w*|tracciament\w*`,
    ),
    words: { en: 'tracking track', de: 'Sendungsverfolgung', fr: 'suivi', es: 'seguimiento', it: 'tracciamento', nl: 'volgen', pt: 'rastreamento' },
  },
  {
    policy: true,
    // "Opzeggen", "kündigen", "résilier", "dar de baja", "disdire": ending a subscription.
    asked: word(String.raw`cancel\w*|storn\w*|annul\w*|cancelar|annullare|annuleren|opzeg\w*|kundig\w*|resili\w*|dar(?:se|me)? de baja|disdi\w*|disdett\w*`),
    words: {
      en: 'cancel cancellation',
      de: 'Stornierung stornieren',
      fr: 'annulation',
      es: 'cancelación',
      it: 'annullamento',
      nl: 'annuleren',
      pt: 'cancelamento',
    },
  },
  {
    asked: word(
      String.raw`wash\w*|clean\w*|care for|dry clean\w*|tumble dry|wasch\w*|pfleg\w*|reinig\w*|lav(?:ar|are|er|age|aggio|ado|adora|able|abile|agem|avel|a|e|o)\w*|nettoy\w*|entretien|limpi\w*|wassen|gewassen`,
    ),
    words: {
      en: 'care wash cleaning',
      de: 'Pflege waschen reinigen',
      fr: 'entretien lavage',
      es: 'cuidado lavado',
      it: 'cura lavaggio',
      nl: 'onderhoud wassen',
      pt: 'cuidados lavagem',
    },
  },
  {
    policy: true,
    // "Can I pick my order up myself?": collecting instead of delivery, which a contact or FAQ page
    // calls "Click & Collect" or "collection". Not "pick up" of a tent ("easy to pick up and carry").
    asked: word(
      String.raw`pick (?:my |the |it |them |an |our )?(?:order|orders|parcel|package|it|them)? ?up (?:myself|ourselves|in person|from you|at (?:your|the) (?:shop|store|warehouse))|pick (?:\w+ )?up (?:instead of|rather than)|(?:collect|pick up) (?:my |the |an? )?(?:orders?|parcels?|packages?)|click (?:and|&|n) collect|collection point|selbst abholen|abholung|abholen|retrait (?:en|au|des)|retirer (?:ma|la|une) commande|recoger (?:mi|el|un) pedido|recogida en|ritiro (?:in|del|presso)|afhalen|levantar (?:a|uma|minha) encomenda`,
    ),
    words: {
      en: 'collect collection pickup',
      de: 'Abholung abholen',
      fr: 'retrait',
      es: 'recogida recoger',
      it: 'ritiro',
      nl: 'afhalen',
      pt: 'levantamento',
    },
  },
  {
    policy: true,
    // "Do you have a shop in Manchester I can visit?": a question about the shop, not its catalog.
    asked: word(
      String.raw`(?:physical|real|local|actual|brick and mortar|bricks and mortar) (?:shop|store)|(?:shop|store|showroom|branch|outlet)s? (?:in|near|nearby|close to)|showrooms?|visit (?:you|your|the) (?:shop|store|warehouse|showroom)|in person|walk[- ]in|ladengeschaft\w*|ladenlokal|filiale\w*|vor ort|(?:laden|geschaft) in|magasin (?:a|physique|en ville)|boutique (?:a|physique)|tienda (?:fisica|en)|tiendas fisicas|negozio (?:fisico|a)|loja (?:fisica|em)`,
    ),
    words: {
      en: 'visit showroom address online',
      de: 'Ladengeschäft Besuch Adresse online',
      fr: 'boutique magasin adresse en ligne',
      es: 'tienda física dirección online',
      it: 'negozio indirizzo online',
      nl: 'winkel adres online',
      pt: 'loja endereço online',
    },
  },
  {
    policy: true,
    asked: word(
      String.raw`price ?match\w*|match (?:a|the|their|your|that) price|beat (?:a|the|their|that) price|cheaper (?:elsewhere|somewhere else|on amazon|at)|preisgarantie|bestpreis\w*|tiefpreis\w*|alignement (?:des|de|du) prix|igual\w* (?:el |los )?precios?|garanzia (?:del )?prezzo`,
    ),
    words: {
      en: 'price match',
      de: 'Preisgarantie Bestpreis',
      fr: 'alignement prix',
      es: 'igualamos precio',
      it: 'prezzo garantito',
      nl: 'prijsgarantie',
      pt: 'preço',
    },
  },
  {
    policy: true,
    // "Do you do trade prices for restaurants?", "discount for 40 bulbs?": business and volume orders.
    asked: word(
      String.raw`wholesale|bulk|trade (?:account|price\w*|discount\w*|customers?)|business (?:account|customers?|price\w*|orders?)|b2b|volume discount\w*|quantity discount\w*|discounts? for \d+|discounts? (?:if|when) (?:i|we) (?:buy|order)\w*|buy(?:ing)? in bulk|large orders?|gewerbe\w*|grosshandel\w*|mengenrabatt\w*|firmenkunde\w*|wiederverkauf\w*|mayorista\w*|al por mayor|hosteleria|restaurantes|empresas|grossiste\w*|en gros|professionnels|ingrosso|rivenditor\w*|groothandel`,
    ),
    words: {
      en: 'wholesale bulk trade business quote',
      de: 'Großhandel Gewerbe Mengenrabatt Firmenkunden Angebot',
      fr: 'professionnels grossiste devis',
      es: 'mayorista empresas profesionales presupuesto',
      it: 'ingrosso aziende preventivo',
      nl: 'groothandel zakelijk offerte',
      pt: 'atacado empresas orçamento',
    },
  },
  {
    policy: true,
    asked: word(
      String.raw`gift ?wrap\w*|gift (?:box|message|note|receipt|packaging)|wrap (?:it|them) (?:up )?as a gift|geschenkverpackung|geschenkpapier|als geschenk verpack\w*|papel de regalo|envolver para regalo|envoltorio de regalo|paquete regalo|emballage cadeau|paquet cadeau|papier cadeau|confezione regalo|pacchetto regalo|embrulho|cadeauverpakking`,
    ),
    words: {
      en: 'gift wrap wrapping message',
      de: 'Geschenkverpackung Geschenk',
      fr: 'emballage cadeau',
      es: 'regalo envoltorio',
      it: 'confezione regalo',
      nl: 'cadeauverpakking',
      pt: 'embrulho presente',
    },
  },
  {
    policy: true,
    // "Kann man bei euch Zelte ausleihen?": hiring things out, which a shop's pages say if it does.
    // The verb "verleihen" also gives a quality ("…dem Zelt Stabilität verleihen"): the noun
    // ("Verleih", "Zeltverleih") and "leihen", "mieten" say rental.
    asked: word(
      String.raw`rent|rents|renting|rental\w*|hire|leih\w*|ausleih\w*|verleih(?!en\b|t\b)\w*|miet\w*|louer|alquil\w*|noleggi\w*|huren|verhuur\w*|alug\w*`,
    ),
    words: {
      en: 'rent rental hire',
      de: 'Verleih mieten leihen',
      fr: 'louer location',
      es: 'alquiler alquilar',
      it: 'noleggio',
      nl: 'huren verhuur',
      pt: 'aluguel alugar',
    },
  },
  {
    policy: true,
    // "Can I send you my old bulbs to recycle?": taking used products back.
    asked: word(
      String.raw`recycl\w*|dispose of|disposal|take back|entsorg\w*|rucknahme\w*|altgerat\w*|recyclage|reciclar|reciclaj\w*|ricicl\w*|smaltiment\w*|recyclen|reciclagem`,
    ),
    words: {
      en: 'recycling recycle disposal',
      de: 'Recycling Entsorgung Rücknahme',
      fr: 'recyclage',
      es: 'reciclaje',
      it: 'riciclo smaltimento',
      nl: 'recycling',
      pt: 'reciclagem',
    },
  },
  {
    policy: true,
    // "Do you have a loyalty program?", "how many points do I get?": a scheme rewarding purchases,
    // which shops name in many ways ("Thread Count Rewards", "Club", "Treuepunkte").
    asked: word(
      String.raw`loyalty|rewards?|treue\w*|bonuspunkt\w*|pramienprogramm\w*|fidelite|fidelidad|fedelta|spaarpunten|klantenkaart|loyaliteit\w*|fidelidade`,
    ),
    words: {
      en: 'rewards points loyalty',
      de: 'Treuepunkte Bonuspunkte Prämien',
      fr: 'fidélité points',
      es: 'fidelidad puntos',
      it: 'fedeltà punti',
      nl: 'spaarpunten punten',
      pt: 'fidelidade pontos',
    },
  },
  {
    policy: true,
    // "If I bring back my empty jars, what do I get?": a deposit on returnable containers.
    asked: word(
      String.raw`deposit|empties|empty (?:jars?|bottles?|containers?|pots?)|pfand\w*|leergut|consigne\w*|(?:pots?|flacons?|bouteilles?|contenants?) vides?|envases? (?:vacios|retornables?)|vuot[oi] a rendere|statiegeld|vasilhames?|garrafas? vazias?`,
    ),
    words: {
      en: 'deposit empties',
      de: 'Pfand Leergut',
      fr: 'consigne',
      es: 'envases retornables',
      it: 'vuoto a rendere',
      nl: 'statiegeld',
      pt: 'vasilhame',
    },
  },
];

/** Whether a word of a question names a shop topic ("postage", "refund"): the shop may word it otherwise. */
export function namesShopTopic(word: string): boolean {
  const folded = fold(word);
  return TOPICS.some((topic) => topic.asked.test(folded));
}

/**
 * Whether a text speaks of a way the shop works that the question asks about ("do you do trade
 * prices for restaurants?" is not answered by a sentence on gift wrap that mentions orders), in
 * the ways of asking about it (in every language: a page answers in its own).
 */
export function policyAskedMatcher(question: string): (text: string) => boolean {
  const folded = fold(question);
  const asked = TOPICS.filter((topic) => topic.policy === true && topic.asked.test(folded));
  return (text) => {
    const foldedText = fold(text);
    return asked.some((topic) => topic.asked.test(foldedText));
  };
}

/** Whether the question asks for a kind of thing in words the catalog does not use ("something warm for my head"). */
export function asksForKindSold(question: string): boolean {
  const folded = fold(question);
  return TOPICS.some((topic) => topic.sold === true && topic.asked.test(folded));
}

/** Whether the question asks how the shop works (shipping, returns, payment, a shop to visit…): its pages answer, not its catalog. */
export function asksShopPolicy(question: string): boolean {
  const folded = fold(question);
  return TOPICS.some((topic) => topic.policy === true && topic.asked.test(folded));
}

/** Two forms of one word: the same, or one the other with an ending of up to two letters ("return", "returns"). */
function sameWord(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 4 && long.startsWith(short) && long.length - short.length <= 2;
}

/**
 * The words of the shop topics the question touches, in the content's and the visitor's
 * languages, to be searched beside the question ("" when it touches none).
 */
export function shopTopicWords(question: string, languages: readonly string[]): string {
  const asked = wordsOf(question);
  // The topic's words the question does not use already: "phone number" is also searched as
  // "contact email", so the contact page outranks an FAQ that mentions phones in passing.
  const words = topicsAsked(question, languages).flatMap((topic) => topic.words.filter((w) => !asked.some((q) => sameWord(q, fold(w)))));
  return [...new Set(words)].join(' ');
}

export interface TopicAsked {
  /** The topic's words, in the languages asked for. */
  words: string[];
  /** Whether a word of the question is one that asks about the topic ("postage" for shipping). */
  askedBy: (word: string) => boolean;
  /** How the shop works (see ShopTopic.policy); a region named with one is too. */
  policy: boolean;
  /** The question's phrases of several words that ask about it ("send back"): their words mean the topic, not themselves. */
  phrases: string[];
}

/**
 * The words of the question's phrases that ask about a topic, each with the topic's words: "head"
 * of "for my head" is found in a shop's "beanie", "send" and "back" of "send back" in "returns".
 */
export function phraseEquivalents(question: string, languages: readonly string[]): Map<string, string[]> {
  const equivalents = new Map<string, string[]>();
  for (const topic of topicsAsked(question, languages)) {
    for (const phrase of topic.phrases) for (const word of wordsOf(phrase)) if (!equivalents.has(word)) equivalents.set(word, topic.words);
  }
  return equivalents;
}

/**
 * Every shop topic the question touches, with its words in the languages given; a country named
 * in a question about shipping, returns or payment adds its region's words as a topic of its own
 * ("made in Italy" touches no topic).
 */
export function topicsAsked(question: string, languages: readonly string[]): TopicAsked[] {
  const folded = fold(question);
  const primaries = [...new Set(languages.map(primaryLanguage))];
  const found: TopicAsked[] = TOPICS.filter((topic) => topic.asked.test(folded)).map((topic) => ({
    words: [...new Set(primaries.flatMap((language) => (topic.words[language] ?? topic.words.en ?? '').split(' ')))],
    askedBy: (word: string) => topic.asked.test(fold(word)),
    policy: topic.policy === true,
    phrases: [...folded.matchAll(new RegExp(topic.asked.source, 'gu'))].map((match) => match[0]).filter((phrase) => wordsOf(phrase).length > 1),
  }));
  const region = found.length > 0 ? [...destinationWords(question, languages).split(' '), ...countryNamesIn(question, languages)].filter(Boolean) : [];
  if (region.length > 0) found.push({ words: region, askedBy: () => false, policy: found.some((topic) => topic.policy), phrases: [] });
  return found;
}

/**
 * "Do you ship to Germany?": shipping pages name regions ("the European Union", "Europe",
 * "international orders") far more often than each country in them. A country the question
 * names (in English or its own and the main shop languages) adds its region's words, so the
 * sentence that answers is found though it never says "Germany".
 */
const EU_COUNTRIES = String.raw`germany|deutschland|allemagne|alemania|germania|france|frankreich|francia|franca|spain|spanien|espagne|espana|spagna|italy|italien|italie|italia|netherlands|holland|niederlande|pays-bas|paises bajos|paesi bassi|nederland|belgium|belgien|belgique|belgica|belgio|belgie|austria|osterreich|autriche|ireland|irland|irlande|irlanda|portugal|portogallo|sweden|schweden|suede|suecia|svezia|sverige|denmark|danemark|dinamarca|danimarca|danmark|finland|finnland|finlande|finlandia|suomi|poland|polen|pologne|polonia|polska|czech republic|czechia|tschechien|republique tcheque|chequia|repubblica ceca|greece|griechenland|grece|grecia|hungary|ungarn|hongrie|hungria|ungheria|romania|rumanien|roumanie|rumania|luxembourg|luxemburg|luxemburgo|lussemburgo|slovakia|slowakei|slovaquie|eslovaquia|slovenia|slowenien|slovenie|eslovenia|croatia|kroatien|croatie|croacia|croazia|bulgaria|bulgarien|bulgarie|estonia|estland|estonie|latvia|lettland|lettonie|letonia|lithuania|litauen|lituanie|lituania|malta|malte|cyprus|zypern|chypre|chipre|cipro|duitsland|oostenrijk|frankrijk|spanje|ierland|denemarken|zweden|tsjechie|tchequie|griekenland|alemanha|espanha`;
const OTHER_EUROPE = String.raw`united kingdom|uk|great britain|britain|england|scotland|wales|grossbritannien|angleterre|royaume-uni|reino unido|inghilterra|regno unito|switzerland|schweiz|suisse|suiza|svizzera|norway|norwegen|norvege|noruega|norvegia|iceland|islande|islandia|zwitserland|verenigd koninkrijk|noorwegen|suica`;
const REST_OF_WORLD = String.raw`united states|usa|america|vereinigte staaten|etats-unis|estados unidos|stati uniti|canada|kanada|mexico|mexiko|mexique|messico|australia|australien|australie|new zealand|neuseeland|nouvelle-zelande|nueva zelanda|japan|japon|giappone|chine|cina|india|indien|inde|brazil|brasilien|bresil|brasil|brasile|south africa|sudafrika|afrique du sud|sudafrica|singapore|singapur|israel|turkei|turquie|turquia|turchia|dubai|uae|united arab emirates|saudi arabia|korea|south korea|hong kong|verenigde staten`;

/** Any country of the lists above, folded: "Do you ship to Spain?" is answered by the sentence that lists where the shop ships. */
export const COUNTRY_NAMES = `${EU_COUNTRIES}|${OTHER_EUROPE}|${REST_OF_WORLD}`;

const DESTINATIONS: readonly { asked: RegExp; words: Readonly<Record<string, string>> }[] = [
  {
    asked: word(EU_COUNTRIES),
    words: {
      en: 'European Union EU Europe international',
      de: 'Europäische Union EU Europa international Ausland',
      fr: 'Union européenne UE Europe international',
      es: 'Unión Europea UE Europa internacional',
      it: 'Unione Europea UE Europa internazionale',
      nl: 'Europese Unie EU Europa internationaal',
      pt: 'União Europeia UE Europa internacional',
    },
  },
  {
    asked: word(OTHER_EUROPE),
    words: {
      en: 'Europe international',
      de: 'Europa international Ausland',
      fr: 'Europe international',
      es: 'Europa internacional',
      it: 'Europa internazionale',
      nl: 'Europa internationaal',
      pt: 'Europa internacional',
    },
  },
  {
    asked: word(REST_OF_WORLD),
    words: {
      en: 'international worldwide',
      de: 'international weltweit Ausland',
      fr: 'international monde',
      es: 'internacional mundo',
      it: 'internazionale mondo',
      nl: 'internationaal wereldwijd',
      pt: 'internacional mundo',
    },
  },
];

/** The region words for the country a question names, in these languages ("" when it names none). */
export function destinationWords(question: string, languages: readonly string[]): string {
  const folded = fold(question);
  const primaries = [...new Set(languages.map(primaryLanguage))];
  const found = DESTINATIONS.find((destination) => destination.asked.test(folded));
  if (!found) return '';
  return [...new Set(primaries.flatMap((language) => (found.words[language] ?? found.words.en ?? '').split(' ')))].join(' ');
}

/**
 * Countries shoppers name, in the main shop languages: "Hoe lang duurt de levering naar België?"
 * is answered by the shipping table's row "Belgium". Each name is a word (or words) of its own.
 */
const COUNTRIES: readonly Readonly<Record<string, string>>[] = [
  { en: 'Germany', de: 'Deutschland', fr: 'Allemagne', es: 'Alemania', it: 'Germania', nl: 'Duitsland', pt: 'Alemanha' },
  { en: 'Austria', de: 'Österreich', fr: 'Autriche', es: 'Austria', it: 'Austria', nl: 'Oostenrijk', pt: 'Áustria' },
  { en: 'Belgium', de: 'Belgien', fr: 'Belgique', es: 'Bélgica', it: 'Belgio', nl: 'België', pt: 'Bélgica' },
  { en: 'Netherlands', de: 'Niederlande', fr: 'Pays-Bas', es: 'Países Bajos', it: 'Paesi Bassi', nl: 'Nederland', pt: 'Países Baixos' },
  { en: 'France', de: 'Frankreich', fr: 'France', es: 'Francia', it: 'Francia', nl: 'Frankrijk', pt: 'França' },
  { en: 'Spain', de: 'Spanien', fr: 'Espagne', es: 'España', it: 'Spagna', nl: 'Spanje', pt: 'Espanha' },
  { en: 'Italy', de: 'Italien', fr: 'Italie', es: 'Italia', it: 'Italia', nl: 'Italië', pt: 'Itália' },
  { en: 'Portugal', de: 'Portugal', fr: 'Portugal', es: 'Portugal', it: 'Portogallo', nl: 'Portugal', pt: 'Portugal' },
  { en: 'Luxembourg', de: 'Luxemburg', fr: 'Luxembourg', es: 'Luxemburgo', it: 'Lussemburgo', nl: 'Luxemburg', pt: 'Luxemburgo' },
  { en: 'Ireland', de: 'Irland', fr: 'Irlande', es: 'Irlanda', it: 'Irlanda', nl: 'Ierland', pt: 'Irlanda' },
  { en: 'Denmark', de: 'Dänemark', fr: 'Danemark', es: 'Dinamarca', it: 'Danimarca', nl: 'Denemarken', pt: 'Dinamarca' },
  { en: 'Sweden', de: 'Schweden', fr: 'Suède', es: 'Suecia', it: 'Svezia', nl: 'Zweden', pt: 'Suécia' },
  { en: 'Finland', de: 'Finnland', fr: 'Finlande', es: 'Finlandia', it: 'Finlandia', nl: 'Finland', pt: 'Finlândia' },
  { en: 'Poland', de: 'Polen', fr: 'Pologne', es: 'Polonia', it: 'Polonia', nl: 'Polen', pt: 'Polónia' },
  { en: 'Czech Republic', de: 'Tschechien', fr: 'Tchéquie', es: 'Chequia', it: 'Repubblica Ceca', nl: 'Tsjechië', pt: 'Chéquia' },
  { en: 'Greece', de: 'Griechenland', fr: 'Grèce', es: 'Grecia', it: 'Grecia', nl: 'Griekenland', pt: 'Grécia' },
  { en: 'Switzerland', de: 'Schweiz', fr: 'Suisse', es: 'Suiza', it: 'Svizzera', nl: 'Zwitserland', pt: 'Suíça' },
  { en: 'Norway', de: 'Norwegen', fr: 'Norvège', es: 'Noruega', it: 'Norvegia', nl: 'Noorwegen', pt: 'Noruega' },
  { en: 'United Kingdom', de: 'Großbritannien', fr: 'Royaume-Uni', es: 'Reino Unido', it: 'Regno Unito', nl: 'Verenigd Koninkrijk', pt: 'Reino Unido' },
  { en: 'United States', de: 'Vereinigte Staaten', fr: 'États-Unis', es: 'Estados Unidos', it: 'Stati Uniti', nl: 'Verenigde Staten', pt: 'Estados Unidos' },
  { en: 'Canada', de: 'Kanada', fr: 'Canada', es: 'Canadá', it: 'Canada', nl: 'Canada', pt: 'Canadá' },
  { en: 'Australia', de: 'Australien', fr: 'Australie', es: 'Australia', it: 'Australia', nl: 'Australië', pt: 'Austrália' },
];

const COUNTRY_ASKED = COUNTRIES.map((names) => word([...new Set(Object.values(names).map((name) => fold(name).replace(/[-\s]+/g, '[-\\s]')))].join('|')));

/** The names, in these languages, of the countries a question names in any of them. */
export function countryNamesIn(question: string, languages: readonly string[]): string[] {
  const folded = fold(question);
  const primaries = [...new Set(languages.map(primaryLanguage))];
  return COUNTRIES.filter((_, index) => COUNTRY_ASKED[index]!.test(folded)).flatMap((names) => [
    ...new Set(primaries.flatMap((language) => (names[language] ?? names.en ?? '').split(' '))),
  ]);
}
